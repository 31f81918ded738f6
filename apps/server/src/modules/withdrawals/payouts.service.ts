import type { ChainCheck } from '@ctn/contracts/withdrawals';
import type { Db } from '../../db/client';
import {
  errorText,
  senderOf,
  type HotWallet,
  type PayoutChain,
  type PayoutReceipt,
} from '../../integrations/chain/payout-wallet';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Actor } from '../audit/audit.service';
import * as q from './payouts.queries';
import { refuseIfFrozen } from './settlement';
import type { WithdrawalSettlement } from './settlement';
import type { PayoutPort } from './withdrawal-review.service';

/**
 * "Approve and send": USDT from the hot wallet, at most once per request whatever fails in
 * between (DESIGN.md section 4 "Withdrawals", docs/architecture.md "Payouts").
 *
 * 1. The intent: under a lock on the request and a nonce lock, the transfer is signed with the
 *    next free nonce and the signed bytes, nonce and hash are stored (payout_state SENDING).
 * 2. Only then the stored bytes are broadcast, and the receipt awaited.
 * 3. A successful receipt in a final block settles the request (pending -> withdrawn, APPROVED,
 *    audited) and marks it SENT in one transaction.
 * Whatever is lost between the steps, `recover()` re-sends the same bytes: one nonce, one
 * signature, so the chain can execute the payout at most once.
 */

export interface PayoutsDeps {
  db: Db;
  settlement: WithdrawalSettlement;
  /** null: no chain is configured (simulated chain): nothing to check or send. */
  chain: PayoutChain | null;
  /** null: no PAYOUT_PRIVATE_KEY: payouts are made elsewhere and approved with their hash. */
  wallet: HotWallet | null;
  log: Logger;
  /**
   * The chain's final block (the `finalized` tag, else head - CHAIN_CONFIRMATIONS): a payout is
   * settled only once the block of its receipt is final, so a reorganisation cannot undo a
   * payout that the ledger already counts as withdrawn.
   */
  finalizedBlock: () => Promise<bigint>;
  /** How long a send waits for its receipt before leaving it to recovery. */
  receiptTimeoutMs?: number;
  pollMs?: number;
  /** Tests: runs after the intent is committed and before broadcasting (a crash there). */
  afterIntent?: (withdrawalId: string) => Promise<void>;
}

/** How one stored payout ended this time round. */
type Outcome =
  /** `here`: this call approved it (false: another instance or click did, a moment ago). */
  | { kind: 'SETTLED'; here: boolean }
  | { kind: 'FAILED'; reason: string }
  | { kind: 'WAITING'; reason: string };

export interface RecoveryReport {
  settled: number;
  failed: number;
  waiting: number;
}

/** A stored intent: SENDING rows always carry these (written together by `recordIntent`). */
interface Intent {
  id: string;
  hash: string;
  rawTx: string;
  nonce: bigint;
  startedBy: string | null;
  /** Still PENDING: only then are the bytes pushed to the chain again. */
  pending: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Approve and send" from the hot wallet, at most once per request (the steps at the top). */
export class PayoutsService implements PayoutPort {
  private readonly receiptTimeoutMs: number;
  private readonly pollMs: number;

  constructor(private readonly deps: PayoutsDeps) {
    this.receiptTimeoutMs = deps.receiptTimeoutMs ?? 60_000;
    this.pollMs = deps.pollMs ?? 1_000;
  }

  /** A hot wallet and a real JSON-RPC chain (anvil counts: it is one). */
  get canSend(): boolean {
    return this.deps.chain !== null && this.deps.wallet !== null;
  }

  check(hash: string, to: string, amountMicro: bigint): Promise<ChainCheck> {
    if (!this.deps.chain)
      return Promise.resolve({
        state: 'NOT_CONFIGURED',
        detail: 'No chain is configured (CHAIN_RPC_URL) to check transactions.',
      });
    return this.deps.chain.checkTransfer(hash.toLowerCase(), to, amountMicro);
  }

  async sendAndApprove(withdrawalId: string, actor: Actor): Promise<void> {
    const { chain, wallet, db } = this.deps;
    if (!chain || !wallet) throw new AppError('PAYOUT_UNAVAILABLE');
    const current = await q.findPayout(db, withdrawalId);
    if (!current) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (current.status !== 'PENDING' || current.payoutState === 'SENT')
      throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
    // Already signed (an earlier click, a crash): finish those bytes, never sign again.
    if (current.payoutState === 'SENDING')
      return this.answer(await this.finish(intentOf(current), actor));
    if (current.payoutState === 'FAILED' && current.transactionHash) {
      // A given-up attempt mined after all (a node that refused it while another had it)?
      // Then it is the payout: approve it instead of paying again.
      const earlier = await chain.receipt(current.transactionHash).catch(() => null);
      if (earlier?.success) {
        if (!(await this.isFinal(earlier)))
          throw unavailable(
            `The earlier attempt was mined in block ${earlier.blockNumber}; it is approved once that block is final. Try again in a minute.`,
          );
        await this.settlePaid(withdrawalId, current.transactionHash, actor, 'FAILED');
        return;
      }
    }

    let prepared;
    try {
      prepared = await chain.prepareTransfer(
        wallet.address,
        current.walletAddress,
        BigInt(current.amountMicro),
      );
    } catch (err) {
      throw unavailable(`The hot wallet cannot send this payout: ${errorText(err)}`);
    }

    let intent: Intent | 'SIGNED_ELSEWHERE';
    try {
      intent = await db.transaction(async (tx) => {
        const row = await q.lockPayout(tx, withdrawalId);
        if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
        if (row.status !== 'PENDING' || row.payoutState === 'SENT')
          throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
        if (row.payoutState === 'SENDING') return 'SIGNED_ELSEWHERE' as const;
        // Nothing is signed for a frozen account: its requests wait until the freeze is lifted.
        await refuseIfFrozen(tx, row.userId);
        await q.lockNonces(tx);
        const nonce = await this.nextNonce(tx, chain, wallet.address);
        const signed = await wallet.sign(prepared, nonce);
        await q.recordIntent(tx, withdrawalId, {
          from: wallet.address,
          nonce,
          rawTx: signed.rawTx,
          hash: signed.hash,
          startedBy: actor.id,
        });
        return {
          pending: true,
          id: withdrawalId,
          hash: signed.hash,
          rawTx: signed.rawTx,
          nonce,
          startedBy: actor.id,
        };
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.deps.log.error({ err, withdrawalId }, 'payout intent failed');
      throw unavailable(`The payout could not be prepared: ${errorText(err)}`);
    }
    if (intent === 'SIGNED_ELSEWHERE') {
      // Another administrator's click signed it a moment ago: finish those bytes.
      const row = await q.findPayout(db, withdrawalId);
      if (!row || row.payoutState !== 'SENDING') throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
      return this.answer(await this.finish(intentOf(row), actor));
    }
    this.deps.log.info(
      { withdrawalId, transactionHash: intent.hash, nonce: String(intent.nonce) },
      'payout signed and stored',
    );
    await this.deps.afterIntent?.(withdrawalId);
    this.answer(await this.finish(intent, actor));
  }

  /**
   * Every stored payout still SENDING (a crash, a lost connection, a slow chain): settled when its
   * receipt is there, else its SAME bytes are broadcast again and awaited. Safe on several
   * instances at once: the same bytes can be sent any number of times, and settling re-checks
   * the state under the request's row lock.
   */
  async recover(): Promise<RecoveryReport> {
    const report: RecoveryReport = { settled: 0, failed: 0, waiting: 0 };
    const rows = await q.sendingPayouts(this.deps.db);
    if (rows.length === 0) return report;
    if (!this.deps.chain) {
      this.deps.log.error(
        { withdrawals: rows.map((r) => r.id) },
        'payouts are being sent but no chain is configured to confirm them',
      );
      report.waiting = rows.length;
      return report;
    }
    for (const row of rows) {
      try {
        const outcome = await this.finish(intentOf(row));
        if (outcome.kind === 'SETTLED') report.settled += outcome.here ? 1 : 0;
        else if (outcome.kind === 'FAILED') report.failed += 1;
        else report.waiting += 1;
      } catch (err) {
        report.waiting += 1;
        this.deps.log.error({ err, withdrawalId: row.id }, 'payout recovery failed');
      }
    }
    return report;
  }

  /**
   * Takes a stored intent to its end as far as the chain allows now. `actor`: who settles it
   * (recovery uses the administrator who started it).
   */
  private async finish(intent: Intent, actor?: Actor): Promise<Outcome> {
    const chain = this.deps.chain!;
    const { id, hash } = intent;
    let receipt: PayoutReceipt | null;
    try {
      receipt = await chain.receipt(hash);
    } catch (err) {
      return this.waiting(id, `The chain could not be read: ${errorText(err)}`);
    }
    if (!receipt && !intent.pending) {
      // Decided by hand while it was being sent: never push it again; it ends when its nonce is
      // final (used by this transaction: SENT and reported, or by another: FAILED).
      return (
        (await this.rejected(
          intent,
          'Not sent again: the request was decided by hand meanwhile',
        )) ?? this.waiting(id, 'Decided meanwhile; the transaction is known to the node.')
      );
    }
    if (!receipt) {
      const sent = await chain.broadcast(intent.rawTx);
      if (sent.kind === 'UNKNOWN')
        return this.waiting(id, `The broadcast got no answer: ${sent.message}`);
      if (sent.kind === 'REJECTED') {
        const verdict = await this.rejected(intent, `Refused by the node: ${sent.message}`);
        if (verdict) return verdict;
      }
      receipt = await this.awaitReceipt(hash);
      if (!receipt)
        return this.waiting(
          id,
          `Not mined within ${Math.round(this.receiptTimeoutMs / 1000)} s; recovery keeps re-sending the same transaction.`,
        );
    }
    const final = await this.awaitFinal(hash, receipt);
    if (final === 'UNREADABLE')
      return this.waiting(id, 'Mined; the final block could not be read yet.');
    if (final === null)
      return this.waiting(
        id,
        `Mined in block ${receipt.blockNumber}; it is settled once that block is final.`,
      );
    receipt = final;
    if (!receipt.success) {
      await q.markFailed(
        this.deps.db,
        id,
        'The transaction was mined but failed (reverted): nothing was paid.',
        false,
      );
      this.deps.log.error({ withdrawalId: id, transactionHash: hash }, 'payout reverted on chain');
      return { kind: 'FAILED', reason: 'the transaction failed on chain (reverted)' };
    }
    const settler = actor ?? (await this.starterOf(intent));
    if (!settler) return this.waiting(id, 'Mined, but the administrator who sent it is unknown.');
    return { kind: 'SETTLED', here: await this.settlePaid(id, hash, settler, 'SENDING') };
  }

  /**
   * The bytes were not (or will not be) sent: does the payout end here? Decided by chain state,
   * not by an error's wording: it fails only when the node does not know the transaction and
   * its nonce is unused (it can then never execute, and the nonce is released for the next
   * payout) or used by another transaction in a final block. null: the node knows it after all
   * (already in its pool or mined): wait for the receipt.
   */
  private async rejected(intent: Intent, why: string): Promise<Outcome | null> {
    const chain = this.deps.chain!;
    try {
      // The signer of these bytes, which is not the configured wallet after a key rotation.
      const wallet = await senderOf(intent.rawTx);
      if (await chain.isKnown(intent.hash)) return null;
      if ((await chain.nonceAt(wallet, 'latest')) <= intent.nonce) {
        await q.markFailed(this.deps.db, intent.id, why, true);
        this.deps.log.error(
          { withdrawalId: intent.id, reason: why },
          'payout failed; nothing was sent',
        );
        return { kind: 'FAILED', reason: why };
      }
      // The nonce was used by another transaction (the key used outside this server?). Once
      // that is final these bytes can never execute: the payout failed, nothing was paid.
      if ((await chain.nonceAt(wallet, 'finalized')) > intent.nonce) {
        const reason = `Nonce ${intent.nonce} was used by another transaction of the hot wallet; this payout was not sent.`;
        await q.markFailed(this.deps.db, intent.id, reason, false);
        this.deps.log.error({ withdrawalId: intent.id }, reason);
        return { kind: 'FAILED', reason };
      }
      return this.waiting(intent.id, `${why}; the nonce is not final yet.`);
    } catch (err) {
      return this.waiting(intent.id, `${why}; ${errorText(err)}`);
    }
  }

  /** Whether the receipt's block is final now (false when that cannot be read). */
  private async isFinal(receipt: PayoutReceipt): Promise<boolean> {
    const final = await this.deps.finalizedBlock().catch(() => null);
    return final !== null && receipt.blockNumber <= final;
  }

  /**
   * Waits (bounded) until the receipt's block is final, reading the receipt again each time: a
   * reorganisation may move the transaction to another block or drop it. null: not final yet;
   * UNREADABLE: the chain could not say.
   */
  private async awaitFinal(
    hash: string,
    first: PayoutReceipt,
  ): Promise<PayoutReceipt | null | 'UNREADABLE'> {
    const deadline = Date.now() + this.receiptTimeoutMs;
    let receipt: PayoutReceipt | null = first;
    for (;;) {
      const final = await this.deps.finalizedBlock().catch(() => null);
      if (final !== null && receipt && receipt.blockNumber <= final) {
        // Read again at or after finality: the receipt that counts is the one in a final block.
        const settled = await this.deps.chain!.receipt(hash).catch(() => null);
        if (settled && settled.blockNumber <= final) return settled;
      }
      if (Date.now() >= deadline) return final === null ? 'UNREADABLE' : null;
      await sleep(this.pollMs);
      receipt = await this.deps.chain!.receipt(hash).catch(() => receipt);
    }
  }

  /** Polls for the receipt (bounded); connection blips are polled through. */
  private async awaitReceipt(hash: string): Promise<PayoutReceipt | null> {
    const deadline = Date.now() + this.receiptTimeoutMs;
    for (;;) {
      const receipt = await this.deps.chain!.receipt(hash).catch(() => null);
      if (receipt || Date.now() >= deadline) return receipt;
      await sleep(this.pollMs);
    }
  }

  /**
   * Mined successfully: the request is approved with this hash and marked SENT together. Another
   * instance may have done it a moment ago; a request decided otherwise meanwhile is left as it
   * is and reported (the chain paid it anyway). True when this call marked it SENT.
   */
  private async settlePaid(
    id: string,
    hash: string,
    actor: Actor,
    expected: 'SENDING' | 'FAILED',
  ): Promise<boolean> {
    const here = await this.deps.db.transaction(async (tx) => {
      const row = await q.lockPayout(tx, id);
      if (!row || row.payoutState !== expected) return false;
      if (row.status === 'PENDING')
        await this.deps.settlement.settle(
          tx,
          id,
          { status: 'APPROVED', reason: null, transactionHash: hash },
          actor,
        );
      else
        this.deps.log.error(
          { withdrawalId: id, status: row.status, transactionHash: hash },
          'a hot-wallet payout was mined for a request decided otherwise meanwhile',
        );
      await q.markSent(tx, id);
      return true;
    });
    if (here)
      this.deps.log.info({ withdrawalId: id, transactionHash: hash }, 'payout mined and approved');
    return here;
  }

  /**
   * The next nonce: the smallest at or above the node's pending count that no stored payout
   * holds. Stored-but-unsent intents are skipped (they will be sent), and a nonce released by a
   * refused payout is taken again, so no gap stalls the wallet's later transactions.
   */
  private async nextNonce(tx: Db, chain: PayoutChain, address: string): Promise<bigint> {
    const pending = await chain.nonceAt(address, 'pending');
    const held = new Set((await q.heldNonces(tx, address, pending)).map(String));
    let nonce = pending;
    while (held.has(String(nonce))) nonce += 1n;
    return nonce;
  }

  private async starterOf(intent: Intent): Promise<Actor | null> {
    if (!intent.startedBy) return null;
    const admin = await q.adminOf(this.deps.db, intent.startedBy);
    return admin ? { id: admin.id, email: admin.email, ip: null } : null;
  }

  private async waiting(id: string, reason: string): Promise<Outcome> {
    await q.noteProblem(this.deps.db, id, reason).catch(() => undefined);
    this.deps.log.warn({ withdrawalId: id, reason }, 'payout not confirmed yet');
    return { kind: 'WAITING', reason };
  }

  /** What the administrator who clicked is told. */
  private answer(outcome: Outcome): void {
    if (outcome.kind === 'SETTLED') return;
    const reason = /[.!?]$/.test(outcome.reason) ? outcome.reason : `${outcome.reason}.`;
    if (outcome.kind === 'FAILED')
      throw unavailable(
        `The hot wallet could not send the payout: ${reason} Nothing was paid or approved; try again.`,
      );
    throw unavailable(
      `The payout is signed and being confirmed on chain: ${reason} It is approved automatically once mined; do not pay it another way.`,
    );
  }
}

function intentOf(row: q.PayoutRow): Intent {
  if (!row.transactionHash || !row.payoutRawTx || row.payoutNonce === null)
    throw new Error(`withdrawal ${row.id} is SENDING without a stored transaction`);
  return {
    id: row.id,
    hash: row.transactionHash,
    rawTx: row.payoutRawTx,
    nonce: BigInt(row.payoutNonce),
    startedBy: row.payoutStartedBy,
    pending: row.status === 'PENDING',
  };
}

function unavailable(text: string): AppError {
  return new AppError('PAYOUT_UNAVAILABLE', null, text);
}
