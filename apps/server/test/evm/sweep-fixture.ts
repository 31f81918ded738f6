import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, getAddress, http, parseAbiItem, parseUnits, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import {
  DEV_DEPOSIT_MNEMONIC,
  DEV_DEPOSIT_XPUB,
  depositAddressDeriver,
} from '../../src/integrations/chain/deposit-addresses';
import { expect } from 'vitest';
import { runSweep, type SweepOptions } from '../../src/sweep/sweep';
import { ERC20_ABI, type LocalChain } from './anvil';

/**
 * Deposit addresses of the development seed funded on anvil, and what a sweep of them must
 * leave behind: the tests of `npm run sweep` (20 addresses in the inner loop, 1,000 in the slow
 * project) share it.
 */

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface FundedDeposits {
  /** The first deposit index funded (tests sharing one node fund distinct ranges). */
  firstIndex: number;
  /** Token units each deposit index holds (index -> units); some below the threshold. */
  held: Map<number, bigint>;
  addresses: `0x${string}`[];
  /** Indices holding at least the threshold: what a sweep moves. */
  due: number[];
  destination: `0x${string}`;
  threshold: string;
  gasKey: Hex;
  planPath: string;
}

/**
 * Funds deposit indices 0..count-1: index i gets (i % 7 + 1) * 1.25 USDT, except every tenth,
 * which gets 0.5 (under the 1 USDT threshold); every fifth also holds a little BNB already (its
 * top-up is smaller). Payments are sent without waiting for each receipt (anvil mines each).
 */
export async function fundDeposits(
  anvil: LocalChain,
  count: number,
  firstIndex = 0,
): Promise<FundedDeposits> {
  const deriver = depositAddressDeriver(DEV_DEPOSIT_XPUB);
  const addresses = Array.from(
    { length: count },
    (_, i) => deriver.addressAt(firstIndex + i) as `0x${string}`,
  );
  const unit = 10n ** BigInt(anvil.tokenDecimals);
  const held = new Map<number, bigint>();
  const payer = anvil.wallet.account!;
  const nonce = await anvil.publicClient.getTransactionCount({ address: payer.address });
  const gasPrice = (await anvil.publicClient.getGasPrice()) * 2n;
  const hashes: Hex[] = [];
  // Signed with explicit nonce, gas and price (nothing to ask the node first), one after the
  // other: anvil holds a transaction whose nonce is ahead until the gap is filled.
  for (let i = 0; i < count; i += 1) {
    const amount = i % 10 === 9 ? unit / 2n : (BigInt((i % 7) + 1) * 125n * unit) / 100n;
    held.set(firstIndex + i, amount);
    hashes.push(
      await anvil.wallet.writeContract({
        address: anvil.usdt,
        abi: ERC20_ABI,
        functionName: 'transfer',
        args: [addresses[i]!, amount],
        account: payer,
        chain: { ...foundry, id: anvil.chainId },
        nonce: nonce + i,
        gas: 100_000n,
        gasPrice,
      }),
    );
    if (i % 5 === 4)
      await anvil.testClient.setBalance({ address: addresses[i]!, value: 10_000_000_000n });
  }
  await anvil.publicClient.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 50 });
  const threshold = '1';
  // A gas wallet of its own: its nonce counts this sweep's top-ups only.
  const gasKey = generatePrivateKey();
  await anvil.testClient.setBalance({
    address: privateKeyToAccount(gasKey).address,
    value: 10n ** 19n,
  });
  return {
    firstIndex,
    held,
    addresses,
    due: [...held]
      .filter(([, units]) => units >= parseUnits(threshold, anvil.tokenDecimals))
      .map(([i]) => i),
    destination: privateKeyToAccount(generatePrivateKey()).address,
    threshold,
    gasKey,
    planPath: join(mkdtempSync(join(tmpdir(), 'sweep-')), 'plan.jsonl'),
  };
}

/** The options of a sweep of `funded` on `anvil` (dry run unless told). */
export function sweepOptions(
  anvil: LocalChain,
  funded: FundedDeposits,
  more: Partial<SweepOptions> = {},
): SweepOptions {
  return {
    rpcUrl: anvil.rpcUrl,
    token: anvil.usdt,
    chainId: anvil.chainId,
    xpub: DEV_DEPOSIT_XPUB,
    keyMaterial: DEV_DEPOSIT_MNEMONIC,
    gasKey: funded.gasKey,
    destination: funded.destination,
    threshold: funded.threshold,
    planPath: funded.planPath,
    send: false,
    fromIndex: funded.firstIndex,
    count: funded.addresses.length,
    pollMs: 20,
    out: () => undefined,
    ...more,
  };
}

export interface SweepAccount {
  /** The destination's token units. */
  destinationHolds: bigint;
  /** Deposit indices still holding token units. */
  leftWith: Map<number, bigint>;
  /** Transactions each deposit address sent (its nonce): one sweep each, never two. */
  sentBy: Map<number, number>;
  /** USDT Transfer logs out of each deposit address. */
  transfersOut: Map<number, number>;
  /** Transactions the gas wallet sent (its nonce). */
  gasWalletSent: number;
  /** Every hash recorded for each step id in the plan file (one each: never signed twice). */
  hashesPerStep: Map<string, Set<string>>;
}

/** What the chain and the plan file show after a sweep of `funded`. */
export async function accountFor(anvil: LocalChain, funded: FundedDeposits): Promise<SweepAccount> {
  // JSON-RPC batches: a thousand addresses are two thousand reads.
  const client = createPublicClient({
    transport: http(anvil.rpcUrl, { batch: { batchSize: 200 } }),
    cacheTime: 0,
  });
  const balanceOf = (address: `0x${string}`) =>
    client.readContract({
      address: anvil.usdt,
      abi: ERC20_ABI,
      functionName: 'balanceOf',
      args: [address],
    });
  const leftWith = new Map<number, bigint>();
  const sentBy = new Map<number, number>();
  const read = await Promise.all(
    funded.addresses.map((address) =>
      Promise.all([balanceOf(address), client.getTransactionCount({ address })]),
    ),
  );
  read.forEach(([units, nonce], position) => {
    const i = funded.firstIndex + position;
    if (units > 0n) leftWith.set(i, units);
    if (nonce > 0) sentBy.set(i, nonce);
  });
  const logs = await client.getLogs({
    address: anvil.usdt,
    event: TRANSFER,
    args: { to: funded.destination },
    fromBlock: 0n,
    toBlock: 'latest',
  });
  const indexOf = new Map(funded.addresses.map((a, i) => [getAddress(a), funded.firstIndex + i]));
  const transfersOut = new Map<number, number>();
  for (const log of logs) {
    const i = indexOf.get(getAddress(log.args.from!));
    if (i !== undefined) transfersOut.set(i, (transfersOut.get(i) ?? 0) + 1);
  }
  const hashesPerStep = new Map<string, Set<string>>();
  // The file's every line, not only each step's last record: a second signature would show here.
  if (existsSync(funded.planPath))
    for (const line of readFileSync(funded.planPath, 'utf8').split('\n').slice(1)) {
      if (!line) continue;
      const step = JSON.parse(line) as { id: string; hash: string };
      hashesPerStep.set(step.id, (hashesPerStep.get(step.id) ?? new Set()).add(step.hash));
    }
  return {
    destinationHolds: await balanceOf(funded.destination),
    leftWith,
    sentBy,
    transfersOut,
    gasWalletSent: await client.getTransactionCount({
      address: privateKeyToAccount(funded.gasKey).address,
    }),
    hashesPerStep,
  };
}

/**
 * The sweep of the Done-when: a dry run (nothing signed, sent or written), a run that crashes
 * after `crashAfter` broadcasts (the last one's receipt unrecorded) and, before that, one whose
 * next step is recorded but never sent; then a resume. Every USDT due reaches the destination
 * exactly once; no address is topped up twice; no step is signed twice.
 */
export async function sweepWithCrashAndResume(
  anvil: LocalChain,
  funded: FundedDeposits,
  crashAfter: number,
): Promise<SweepAccount> {
  const lines: string[] = [];
  const dry = await runSweep(sweepOptions(anvil, funded, { out: (l) => lines.push(l) }));
  const dueUnits = funded.due.reduce((sum, i) => sum + funded.held.get(i)!, 0n);
  expect(dry).toMatchObject({
    planned: funded.due.length,
    swept: 0,
    usdt: dueUnits,
    broadcasts: 0,
  });
  expect(lines.at(-1)).toMatch(/^Dry run: nothing was signed or sent/);
  expect(existsSync(funded.planPath)).toBe(false);
  const gasWallet = privateKeyToAccount(funded.gasKey).address;
  expect(await anvil.publicClient.getTransactionCount({ address: gasWallet })).toBe(0);

  // A crash right after a broadcast: the step left, its receipt was never recorded.
  let sent = 0;
  await expect(
    runSweep(
      sweepOptions(anvil, funded, {
        send: true,
        hooks: {
          afterBroadcast: () => {
            if (++sent === crashAfter) throw new Error('crash after a broadcast');
          },
        },
      }),
    ),
  ).rejects.toThrow('crash after a broadcast');
  // A crash between recording a step and sending it: the plan holds bytes nobody has seen.
  let recorded = 0;
  await expect(
    runSweep(
      sweepOptions(anvil, funded, {
        send: true,
        count: null,
        hooks: {
          beforeBroadcast: () => {
            if (++recorded === crashAfter) throw new Error('crash before a broadcast');
          },
        },
      }),
    ),
  ).rejects.toThrow('crash before a broadcast');
  const midway = await accountFor(anvil, funded);
  expect(midway.destinationHolds).toBeGreaterThan(0n);
  expect(midway.destinationHolds).toBeLessThan(dueUnits);

  const resumed = await runSweep(sweepOptions(anvil, funded, { send: true, count: null }));
  expect(resumed.planned).toBe(funded.due.length);
  expect(resumed.swept).toBe(funded.due.length);

  const account = await accountFor(anvil, funded);
  expect(account.destinationHolds).toBe(dueUnits);
  for (const i of funded.due) {
    expect(account.leftWith.has(i)).toBe(false);
    expect(account.sentBy.get(i)).toBe(1);
    expect(account.transfersOut.get(i)).toBe(1);
  }
  for (const [i, units] of funded.held)
    if (!funded.due.includes(i)) expect(account.leftWith.get(i)).toBe(units);
  // One top-up per address due (each held too little BNB), each signed once.
  expect(account.gasWalletSent).toBe(funded.due.length);
  for (const [id, hashes] of account.hashesPerStep) expect([id, hashes.size]).toEqual([id, 1]);
  expect(account.hashesPerStep.size).toBe(2 * funded.due.length);
  // A run after the end finds nothing left to send.
  const again = await runSweep(sweepOptions(anvil, funded, { send: true, count: null }));
  expect(again).toMatchObject({ swept: funded.due.length, broadcasts: 0, usdt: 0n });
  return account;
}
