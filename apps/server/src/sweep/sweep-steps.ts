import { errorText, type PayoutChain } from '../integrations/chain/payout-wallet';
import type { StepRecord } from './plan-file';

/**
 * Broadcasting the sweep's steps and learning their fate. A step's signed bytes are recorded
 * before they are sent; after that the step is only ever sent again as the same bytes (same
 * nonce, same hash), so a node that loses it, a timeout or a crash can never make it twice.
 */

export interface StepSender {
  chain: PayoutChain;
  /** Keeps a step's new state (the plan file, flushed, before anything is sent). */
  record(step: StepRecord): void;
  hooks?: { beforeBroadcast?(step: StepRecord): void; afterBroadcast?(step: StepRecord): void };
  receiptTimeoutMs: number;
  pollMs: number;
}

/** A step could not be sent or confirmed: the run stops with this line; the next one resumes. */
export class StepError extends Error {
  override name = 'StepError';
}

/** Records each step, then broadcasts it; waits until all are mined. How many were broadcast. */
export async function sendAll(sender: StepSender, steps: StepRecord[]): Promise<number> {
  for (const step of steps) sender.record(step);
  for (const step of steps) await broadcast(sender, step);
  await waitMined(sender, steps);
  stopOnReverted(steps);
  return steps.length;
}

/** A step mined but reverted moved nothing: never counted as done, the run stops on it. */
function stopOnReverted(steps: StepRecord[]): void {
  const reverted = steps.find((s) => s.state === 'FAILED');
  if (reverted)
    throw new StepError(
      `step ${reverted.id} reverted on chain (${reverted.hash}): look at it before sweeping ${reverted.from} again`,
    );
}

/**
 * Steps recorded by an earlier run and not known to be mined: mined ones are marked so; one
 * whose nonce is still free is sent again as the same bytes; one whose nonce another transaction
 * took can never be mined (DROPPED: it may be signed again). How many were broadcast again.
 */
export async function settleSteps(sender: StepSender, steps: StepRecord[]): Promise<number> {
  const again: StepRecord[] = [];
  for (const step of steps) {
    if (await markIfMined(sender, step)) continue;
    const used = await read(`the nonce of ${step.from}`, () =>
      sender.chain.nonceAt(step.from, 'latest'),
    );
    if (used > BigInt(step.nonce)) {
      // Asked after the receipt: were ours mined meanwhile, the receipt shows it now.
      if (await markIfMined(sender, step)) continue;
      sender.record({ ...step, state: 'DROPPED', at: new Date().toISOString() });
      continue;
    }
    await broadcast(sender, step);
    again.push(step);
  }
  await waitMined(sender, again);
  stopOnReverted(again);
  return again.length;
}

async function broadcast(sender: StepSender, step: StepRecord): Promise<void> {
  sender.hooks?.beforeBroadcast?.(step);
  const outcome = await sender.chain.broadcast(step.rawTx);
  if (outcome.kind === 'UNKNOWN')
    throw new StepError(
      `--rpc: no answer to the broadcast of ${step.id} (${outcome.message}); run again: the same bytes are checked, then sent again`,
    );
  if (outcome.kind === 'REJECTED') {
    // "already known", "nonce too low" after it was mined: the node has it, which is enough.
    const known = await read(`transaction ${step.hash}`, () => sender.chain.isKnown(step.hash));
    if (!known)
      throw new StepError(
        `--rpc: the node refused ${step.id} (${outcome.message}); run again to send the same bytes`,
      );
  }
  sender.hooks?.afterBroadcast?.(step);
}

async function waitMined(sender: StepSender, steps: StepRecord[]): Promise<void> {
  let waiting = steps.filter((s) => s.state === 'SIGNED');
  const deadline = Date.now() + sender.receiptTimeoutMs;
  while (waiting.length > 0) {
    const mined = await Promise.all(waiting.map((s) => markIfMined(sender, s)));
    waiting = waiting.filter((_, i) => !mined[i]);
    if (waiting.length === 0) return;
    if (Date.now() > deadline)
      throw new StepError(
        `${waiting.length} transactions (first ${waiting[0]!.id}, ${waiting[0]!.hash}) not mined within ${Math.round(sender.receiptTimeoutMs / 1000)} s; run again: they are checked, never signed again`,
      );
    await new Promise((r) => setTimeout(r, sender.pollMs));
  }
}

/** Records MINED or FAILED when the step's receipt is on chain; whether it was. */
async function markIfMined(sender: StepSender, step: StepRecord): Promise<boolean> {
  const receipt = await read(`the receipt of ${step.hash}`, () => sender.chain.receipt(step.hash));
  if (!receipt) return false;
  const state = receipt.success ? 'MINED' : 'FAILED';
  Object.assign(step, { state, block: receipt.blockNumber.toString() });
  sender.record({ ...step, at: new Date().toISOString() });
  return true;
}

async function read<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new StepError(`--rpc: ${what} could not be read (${errorText(err)})`);
  }
}
