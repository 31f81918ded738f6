import { formatUnits, getAddress, isAddress, keccak256, parseUnits, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import {
  PLAN_VERSION,
  PlanFileError,
  PlanWriter,
  readPlan,
  type PlanHeader,
  type StepRecord,
} from './plan-file';
import { sendAll, settleSteps, StepError, type StepSender } from './sweep-steps';
import { SweepChain, SweepChainError } from './sweep-chain';
import { depositKeys, SweepKeyError, type DepositKeys } from './sweep-key';

/**
 * The offline sweep (docs/operations.md, "Sweeps"; decision 047): moves the USDT of deposit
 * addresses holding at least a threshold to one destination, after topping each up with exactly
 * the BNB its transfer needs from a gas wallet. Never run by the server, never given its
 * configuration: everything comes from flags and key files. Dry run unless `send`.
 *
 * Every step is signed, then recorded in the plan file (flushed to disk), and only then
 * broadcast; a later run first settles what is recorded (mined? else the same bytes again, never
 * new ones for the same step), so a crash anywhere never sends a step twice.
 */

/** A plain BNB transfer to an address without code costs exactly this much gas. */
const TOPUP_GAS = 21_000n;

export interface SweepOptions {
  rpcUrl: string;
  token: string;
  chainId: number;
  xpub: string;
  /** A BIP39 mnemonic or an xprv (the contents of --key-file or standard input). */
  keyMaterial: string;
  /** The gas wallet's private key (the contents of --gas-key-file). */
  gasKey: string;
  destination: string;
  /** USDT, as a decimal ("10", "0.5"): addresses holding at least this are swept. */
  threshold: string;
  planPath: string;
  send: boolean;
  /** The deposit indices scanned for a new plan: fromIndex .. fromIndex + count - 1. */
  fromIndex: number;
  /** Needed for a new plan; an existing plan keeps its own addresses. */
  count: number | null;
  /** Addresses handled together (their top-ups, then their sweeps). */
  batchSize?: number;
  /** How long a run waits for its transactions to be mined before it stops. */
  receiptTimeoutMs?: number;
  pollMs?: number;
  out?: (line: string) => void;
  /** Tests: a crash before or after a broadcast (throw to stop the run there). */
  hooks?: { beforeBroadcast?(step: StepRecord): void; afterBroadcast?(step: StepRecord): void };
}

export interface SweepResult {
  /** Addresses in the plan, and those whose USDT has reached the destination. */
  planned: number;
  swept: number;
  /** What this run would move or moved (token units), and the BNB its top-ups cost (wei). */
  usdt: bigint;
  topUpWei: bigint;
  /** Transactions this run broadcast (including the same bytes sent again). */
  broadcasts: number;
}

/** Any reason the run stops before or between sends: printed as one line by the CLI. */
export class SweepStop extends Error {
  override name = 'SweepStop';
}

const stopOn = (err: unknown): never => {
  if (
    err instanceof SweepKeyError ||
    err instanceof SweepChainError ||
    err instanceof PlanFileError ||
    err instanceof StepError
  )
    throw new SweepStop(err.message);
  throw err;
};

interface Work {
  index: number;
  address: `0x${string}`;
  amount: bigint;
  sweepGas: bigint;
  sweepGasPrice: bigint;
  topUp: bigint;
}

export async function runSweep(options: SweepOptions): Promise<SweepResult> {
  const out = options.out ?? ((line: string) => console.log(line));
  let keys: DepositKeys;
  let gasAccount: PrivateKeyAccount;
  let chain: SweepChain;
  try {
    keys = depositKeys(options.keyMaterial, options.xpub);
    gasAccount = gasWallet(options.gasKey);
    if (!isAddress(options.destination, { strict: false }))
      throw new SweepStop(`--to: ${options.destination} is not an address`);
    if (!isAddress(options.token, { strict: false }))
      throw new SweepStop(`--token: ${options.token} is not an address`);
    chain = await SweepChain.connect({
      rpcUrl: options.rpcUrl,
      token: getAddress(options.token),
      chainId: options.chainId,
    });
  } catch (err) {
    return stopOn(err);
  }
  const destination = getAddress(options.destination);
  const threshold = parseThreshold(options.threshold, chain.decimals);
  let loaded;
  try {
    loaded = readPlan(options.planPath);
  } catch (err) {
    return stopOn(err);
  }
  const expected = {
    chainId: options.chainId,
    token: getAddress(options.token),
    decimals: chain.decimals,
    xpub: options.xpub.trim(),
    destination,
    gasWallet: gasAccount.address,
  };
  let header: PlanHeader;
  if (loaded) {
    header = loaded.header;
    for (const [name, value] of Object.entries(expected))
      if (String(header[name as keyof typeof expected]) !== String(value))
        throw new SweepStop(
          `${options.planPath} was made for ${name} ${String(header[name as keyof typeof expected])}, not ${String(value)}: use a new --plan file`,
        );
    out(`Resuming ${options.planPath}: ${header.addresses.length} addresses.`);
  } else {
    if (options.count === null)
      throw new SweepStop(`--count is needed to make a new plan (${options.planPath} is absent)`);
    header = await scan(chain, keys, options, expected, threshold).catch(stopOn);
    out(
      `Scanned deposit indices ${options.fromIndex}-${options.fromIndex + options.count - 1}: ${header.addresses.length} hold at least ${options.threshold} USDT.`,
    );
  }
  const steps = loaded?.steps ?? new Map<string, StepRecord>();
  const writer = options.send
    ? loaded
      ? PlanWriter.open(options.planPath)
      : PlanWriter.create(options.planPath, header)
    : null;
  try {
    return await execute({ options, chain, keys, gasAccount, header, steps, writer, out });
  } catch (err) {
    return stopOn(err);
  } finally {
    writer?.close();
  }
}

function gasWallet(key: string): PrivateKeyAccount {
  const text = key.trim();
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(text))
    throw new SweepKeyError('--gas-key-file holds no private key (64 hex digits)');
  return privateKeyToAccount((text.startsWith('0x') ? text : `0x${text}`) as Hex);
}

function parseThreshold(threshold: string, decimals: number): bigint {
  if (!/^\d+(\.\d+)?$/.test(threshold))
    throw new SweepStop(`--threshold: ${threshold} is not an amount of USDT`);
  const units = parseUnits(threshold, decimals);
  return units > 0n ? units : 1n; // an address holding nothing is never swept
}

/** A new plan: the deposit addresses of the index range holding at least the threshold. */
async function scan(
  chain: SweepChain,
  keys: DepositKeys,
  options: SweepOptions,
  expected: Omit<PlanHeader, 'kind' | 'version' | 'createdAt' | 'threshold' | 'addresses'>,
  threshold: bigint,
): Promise<PlanHeader> {
  const addresses: PlanHeader['addresses'] = [];
  const count = options.count ?? 0;
  for (let start = 0; start < count; start += 1000) {
    const indices = Array.from(
      { length: Math.min(1000, count - start) },
      (_, i) => options.fromIndex + start + i,
    );
    const batch = indices.map((index) => keys.addressAt(index));
    const held = await chain.tokenBalances(batch);
    held.forEach((units, i) => {
      if (units >= threshold)
        addresses.push({ index: indices[i]!, address: batch[i]!, usdt: units.toString() });
    });
  }
  return {
    kind: 'plan',
    version: PLAN_VERSION,
    createdAt: new Date().toISOString(),
    ...expected,
    threshold: threshold.toString(),
    addresses,
  };
}

interface Run {
  options: SweepOptions;
  chain: SweepChain;
  keys: DepositKeys;
  gasAccount: PrivateKeyAccount;
  header: PlanHeader;
  steps: Map<string, StepRecord>;
  writer: PlanWriter | null;
  out: (line: string) => void;
}

async function execute(run: Run): Promise<SweepResult> {
  const { options, chain, header, steps, writer, out } = run;
  const bnb = (wei: bigint) => formatUnits(wei, 18);
  const usdt = (units: bigint) => formatUnits(units, header.decimals);
  const sender: StepSender = {
    chain: chain.payouts,
    record: (step) => {
      steps.set(step.id, step);
      writer?.append(step);
    },
    hooks: options.hooks,
    receiptTimeoutMs: options.receiptTimeoutMs ?? 120_000,
    pollMs: options.pollMs ?? 500,
  };
  // What an earlier run recorded is settled first: mined, or the same bytes sent again.
  const unsettled = [...steps.values()].filter((s) => s.state === 'SIGNED');
  let broadcasts = 0;
  if (unsettled.length > 0) {
    if (!writer)
      out(
        `${unsettled.length} recorded steps are not known to be mined: --send checks them first.`,
      );
    else {
      out(`Checking ${unsettled.length} recorded steps on chain before anything new.`);
      broadcasts += await settleSteps(sender, unsettled);
    }
  }
  const failed = [...steps.values()].find((s) => s.state === 'FAILED');
  if (failed)
    throw new SweepStop(
      `step ${failed.id} reverted on chain (${failed.hash}): look at it before sweeping ${failed.from} again`,
    );
  const work = await plan(run);
  const swept = header.addresses.length - work.length;
  const gasPrice = work.length > 0 ? await chain.gasPrice() : 0n;
  const topUps = work.filter((w) => w.topUp > 0n);
  const topUpWei = topUps.reduce((sum, w) => sum + w.topUp, 0n);
  const needed = topUpWei + BigInt(topUps.length) * TOPUP_GAS * gasPrice;
  const [walletHolds] = await chain.nativeBalances([run.gasAccount.address]);
  const moving = work.reduce((sum, w) => sum + w.amount, 0n);
  for (const w of work)
    out(
      `#${w.index} ${w.address}: ${usdt(w.amount)} USDT; top-up ${bnb(w.topUp)} BNB (gas ${w.sweepGas} at ${w.sweepGasPrice} wei)`,
    );
  out(
    `Plan: ${work.length} addresses to sweep (${swept} done), ${usdt(moving)} USDT to ${header.destination}; ` +
      `gas wallet ${run.gasAccount.address} needs ${bnb(needed)} BNB for ${topUps.length} top-ups and holds ${bnb(walletHolds!)} BNB.`,
  );
  if (needed > walletHolds!)
    throw new SweepStop(
      `the gas wallet ${run.gasAccount.address} holds ${bnb(walletHolds!)} BNB; this plan needs ${bnb(needed)} BNB: fund it and run again`,
    );
  const result = { planned: header.addresses.length, swept, usdt: moving, topUpWei, broadcasts };
  if (!writer) {
    out('Dry run: nothing was signed or sent. Run again with --send to execute this plan.');
    return result;
  }
  const batchSize = options.batchSize ?? 50;
  for (let start = 0; start < work.length; start += batchSize) {
    const batch = work.slice(start, start + batchSize);
    result.broadcasts += await topUpBatch(run, sender, batch, gasPrice);
    result.broadcasts += await sweepBatch(run, sender, batch);
    result.swept += batch.length;
    out(`Swept ${result.swept} of ${header.addresses.length} addresses.`);
  }
  out(`Done: ${usdt(moving)} USDT moved to ${header.destination} by this run.`);
  return result;
}

/**
 * What remains to do for each planned address not swept yet: its USDT now, the gas of its
 * transfer, and the BNB to send it (none when an earlier run's top-up was mined: the sweep then
 * uses the gas and price that top-up paid for).
 */
async function plan(run: Run): Promise<Work[]> {
  const { chain, header, steps } = run;
  const open = header.addresses.filter((a) => steps.get(`sweep:${a.index}`)?.state !== 'MINED');
  if (open.length === 0) return [];
  const held = await chain.tokenBalances(open.map((a) => a.address));
  const holding = open
    .map((a, i) => ({ ...a, amount: held[i]! }))
    .filter((a) => {
      // A recorded sweep not yet settled (a dry run) moves this address's USDT already.
      if (steps.get(`sweep:${a.index}`)?.state === 'SIGNED') return false;
      if (a.amount === 0n) run.out(`#${a.index} ${a.address} holds no USDT now: skipped.`);
      return a.amount > 0n;
    });
  const fresh = holding.filter((a) => steps.get(`topup:${a.index}`)?.state !== 'MINED');
  const [gas, bnb, gasPrice] = await Promise.all([
    chain.transferGas(
      fresh.map((a) => ({ from: a.address, amount: a.amount })),
      header.destination,
    ),
    chain.nativeBalances(fresh.map((a) => a.address)),
    fresh.length > 0 ? chain.gasPrice() : Promise.resolve(0n),
  ]);
  const estimates = new Map(fresh.map((a, i) => [a.index, { gas: gas[i]!, bnb: bnb[i]! }]));
  return holding.map((a) => {
    const estimate = estimates.get(a.index);
    if (!estimate) {
      const topUp = steps.get(`topup:${a.index}`)!;
      return {
        index: a.index,
        address: a.address,
        amount: a.amount,
        sweepGas: BigInt(topUp.sweepGas!),
        sweepGasPrice: BigInt(topUp.sweepGasPrice!),
        topUp: 0n,
      };
    }
    const need = estimate.gas * gasPrice;
    return {
      index: a.index,
      address: a.address,
      amount: a.amount,
      sweepGas: estimate.gas,
      sweepGasPrice: gasPrice,
      topUp: need > estimate.bnb ? need - estimate.bnb : 0n,
    };
  });
}

async function topUpBatch(
  run: Run,
  sender: StepSender,
  batch: Work[],
  gasPrice: bigint,
): Promise<number> {
  const due = batch.filter((w) => w.topUp > 0n);
  if (due.length === 0) return 0;
  let nonce = await run.chain.pendingNonce(run.gasAccount.address);
  const signed: StepRecord[] = [];
  for (const w of due) {
    const rawTx = await run.gasAccount.signTransaction({
      type: 'legacy',
      to: w.address,
      value: w.topUp,
      nonce,
      gas: TOPUP_GAS,
      gasPrice,
      chainId: run.header.chainId,
    });
    signed.push(
      record(`topup:${w.index}`, 'TOPUP', w.index, run.gasAccount.address, w.address, nonce, {
        gas: TOPUP_GAS,
        gasPrice,
        value: w.topUp,
        amount: null,
        sweepGas: w.sweepGas,
        sweepGasPrice: w.sweepGasPrice,
        rawTx,
      }),
    );
    nonce += 1;
  }
  return sendAll(sender, signed);
}

async function sweepBatch(run: Run, sender: StepSender, batch: Work[]): Promise<number> {
  const nonces = await Promise.all(batch.map((w) => run.chain.pendingNonce(w.address)));
  const signed: StepRecord[] = [];
  for (const [i, w] of batch.entries()) {
    const account = privateKeyToAccount(run.keys.privateKeyAt(w.index));
    if (account.address !== w.address)
      throw new SweepStop(`deposit index ${w.index} derives ${account.address}, not ${w.address}`);
    const rawTx = await account.signTransaction({
      type: 'legacy',
      to: run.header.token,
      data: run.chain.transferData(run.header.destination, w.amount),
      value: 0n,
      nonce: nonces[i]!,
      gas: w.sweepGas,
      gasPrice: w.sweepGasPrice,
      chainId: run.header.chainId,
    });
    signed.push(
      record(`sweep:${w.index}`, 'SWEEP', w.index, w.address, run.header.token, nonces[i]!, {
        gas: w.sweepGas,
        gasPrice: w.sweepGasPrice,
        value: 0n,
        amount: w.amount,
        sweepGas: null,
        sweepGasPrice: null,
        rawTx,
      }),
    );
  }
  return sendAll(sender, signed);
}

function record(
  id: string,
  type: StepRecord['type'],
  index: number,
  from: `0x${string}`,
  to: `0x${string}`,
  nonce: number,
  tx: {
    gas: bigint;
    gasPrice: bigint;
    value: bigint;
    amount: bigint | null;
    sweepGas: bigint | null;
    sweepGasPrice: bigint | null;
    rawTx: Hex;
  },
): StepRecord {
  return {
    kind: 'step',
    id,
    type,
    index,
    from,
    to,
    nonce,
    gas: tx.gas.toString(),
    gasPrice: tx.gasPrice.toString(),
    value: tx.value.toString(),
    amount: tx.amount?.toString() ?? null,
    sweepGas: tx.sweepGas?.toString() ?? null,
    sweepGasPrice: tx.sweepGasPrice?.toString() ?? null,
    hash: keccak256(tx.rawTx),
    rawTx: tx.rawTx,
    state: 'SIGNED',
    block: null,
    at: new Date().toISOString(),
  };
}
