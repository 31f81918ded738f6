import type { ChainCheck, PayoutAbandon } from '@ctn/contracts/withdrawals';
import { keccak256, type Hex } from 'viem';
import type { Db } from '../../db/client';
import {
  errorText,
  type HotWallet,
  type PayoutChain,
} from '../../integrations/chain/payout-wallet';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Actor } from '../audit/audit.service';
import * as attempts from './payout-attempts.queries';
import { inspect, type ChainVerdict } from './payout-onchain';
import { PayoutSigner, unavailable, type AfterSign } from './payout-signing';
import * as q from './payouts.queries';
import type { WithdrawalSettlement } from './settlement';
import type { PayoutPort } from './withdrawal-review.service';

/**
 * "Approve and send": USDT from the hot wallet, paid at most once per request whatever fails in
 * between (docs/architecture.md "Payouts", decisions 014 and 045).
 *
 * 1. The first transaction is signed at a nonce reserved for the request, and stored (bytes and
 *    hash, `payout_attempts`) before it is broadcast (payout-signing.ts).
 * 2. From then on the nonce is the request's for good: a re-send is the same bytes, or a
 *    replacement at the same nonce with a higher fee; abandoning it (a rejection, a member's
 *    cancel) is a zero-value self-transfer at that nonce, and the decision waits until that is
 *    final. Only one transaction per nonce can ever be mined.
 * 3. Before any of these, and in recovery, every attempt is looked up on chain
 *    (payout-onchain.ts): whichever payout attempt is mined pays the request, whatever else
 *    happened; the request settles (pending -> withdrawn, APPROVED, audited) once its block is
 *    final.
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
  /** How long a click waits for its transaction before leaving it to recovery. */
  receiptTimeoutMs?: number;
  pollMs?: number;
  /**
   * A click on a request whose transaction has waited this long unmined signs a replacement
   * (same nonce, higher fee) instead of sending the same bytes again.
   */
  replaceAfterMs?: number;
  /** Tests: runs after the intent is committed and before broadcasting (a crash there). */
  afterIntent?: (withdrawalId: string) => Promise<void>;
  /** Tests: runs after signing and before the bytes are stored (a crash there). */
  afterSign?: AfterSign;
}

/** How one request's payout stands after this round. */
type Outcome =
  /** Settled (paid, or the abandon's decision applied); `here`: by this call. */
  | { kind: 'SETTLED'; here: boolean }
  /** The nonce was used by a transaction that paid nothing: nothing of it can be mined. */
  | { kind: 'FAILED'; reason: string }
  /** Not settled yet. `onChain`: mined or in a pool (pending); else nothing is on its way. */
  | { kind: 'WAITING'; reason: string; onChain: boolean };

export interface RecoveryReport {
  settled: number;
  failed: number;
  waiting: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Approve and send" from the hot wallet, paid at most once per request (the steps at the top). */
export class PayoutsService implements PayoutPort {
  private readonly receiptTimeoutMs: number;
  private readonly pollMs: number;
  private readonly replaceAfterMs: number;
  private readonly signer: PayoutSigner | null;

  constructor(private readonly deps: PayoutsDeps) {
    this.receiptTimeoutMs = deps.receiptTimeoutMs ?? 60_000;
    this.pollMs = deps.pollMs ?? 1_000;
    this.replaceAfterMs = deps.replaceAfterMs ?? 3 * 60_000;
    this.signer =
      deps.chain && deps.wallet
        ? new PayoutSigner(deps.db, deps.chain, deps.wallet, deps.afterSign)
        : null;
  }

  /** A hot wallet and a real JSON-RPC chain (anvil counts: it is one). */
  get canSend(): boolean {
    return this.signer !== null;
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
    const signer = this.signer;
    if (!signer) throw new AppError('PAYOUT_UNAVAILABLE');
    const row = await q.findPayout(this.deps.db, withdrawalId);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'PENDING' || row.payoutState === 'SENT')
      throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
    if (row.payoutState === 'CANCELLING') throw new AppError('PAYOUT_CANCELLING');
    if (row.payoutState === 'CONFIRMING') throw new AppError('PAYOUT_PENDING');

    // Whatever this request signed before is looked at first: mined, it is the payout.
    const verdict = await this.verdict(row);
    if (row.payoutState === 'SENDING' || verdict.kind === 'PAID') {
      if (verdict.kind !== 'UNMINED') return this.answer(await this.actNow(row, verdict, actor));
      const latest = (await attempts.attemptsOf(this.deps.db, withdrawalId)).at(-1);
      if (latest && Date.now() - latest.createdAt.getTime() >= this.replaceAfterMs) {
        await signer.replacement(withdrawalId, actor.id);
        this.deps.log.info({ withdrawalId }, 'payout replaced at its nonce with a higher fee');
      }
      return this.answer(await this.finishLatest(withdrawalId, actor));
    }

    let signed;
    try {
      signed = await signer.first(withdrawalId, actor.id);
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.deps.log.error({ err, withdrawalId }, 'payout intent failed');
      throw unavailable(`The payout could not be prepared: ${errorText(err)}`);
    }
    if (signed !== 'SIGNED_ELSEWHERE') {
      this.deps.log.info(
        { withdrawalId, transactionHash: signed.hash, nonce: String(signed.nonce) },
        'payout signed and stored',
      );
      await this.deps.afterIntent?.(withdrawalId);
    }
    this.answer(await this.finishLatest(withdrawalId, actor));
  }

  /**
   * A rejection, block or member's cancel of a request the hot wallet signed (SENDING). Every
   * attempt is checked first: paid, the request is approved instead (WITHDRAWAL_ALREADY_PROCESSED);
   * its nonce used without paying, or its bytes never sent anywhere, the caller decides it now
   * ('FREE'). Otherwise a zero-value self-transfer takes the nonce and the decision is applied
   * once that is final ('SETTLED' when that happened within this call; PAYOUT_CANCELLING else).
   */
  async abandon(withdrawalId: string, abandon: PayoutAbandon): Promise<'FREE' | 'SETTLED'> {
    const row = await q.findPayout(this.deps.db, withdrawalId);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'PENDING') throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
    if (row.payoutState === 'CANCELLING') throw new AppError('PAYOUT_CANCELLING');
    if (row.payoutState !== 'SENDING') return 'FREE';
    if (!this.deps.chain) throw new AppError('PAYOUT_IN_PROGRESS');
    const verdict = await this.verdict(row);
    if (verdict.kind === 'PAID') {
      await this.actNow(row, verdict);
      throw new AppError(verdict.final ? 'WITHDRAWAL_ALREADY_PROCESSED' : 'PAYOUT_PENDING');
    }
    if (verdict.kind !== 'UNMINED') {
      const outcome = await this.actNow(row, verdict);
      if (outcome.kind === 'FAILED') return 'FREE';
      throw new AppError('PAYOUT_PENDING');
    }
    const all = await attempts.attemptsOf(this.deps.db, withdrawalId);
    if (all.every((a) => a.broadcastAt === null)) {
      // Never handed to any node: nothing can be mined, the nonce is free again.
      await q.markFailed(this.deps.db, withdrawalId, 'Abandoned before it was sent.', true);
      return 'FREE';
    }
    if (!this.signer)
      throw new AppError(
        'PAYOUT_IN_PROGRESS',
        null,
        'This server has no hot wallet key to cancel the signed payout on chain; it stays reserved.',
      );
    await this.signer.cancellation(withdrawalId, abandon);
    this.deps.log.warn({ withdrawalId }, 'payout being cancelled on chain');
    const outcome = await this.finishLatest(withdrawalId);
    if (outcome.kind === 'SETTLED') return 'SETTLED';
    throw new AppError('PAYOUT_CANCELLING');
  }

  /**
   * Every request whose nonce is reserved (SENDING, CANCELLING): settled by whichever of its
   * transactions is mined and final, else its latest bytes are broadcast again and awaited. Safe
   * on several instances at once: the same bytes can be sent any number of times, and settling
   * re-checks the state under the request's row lock.
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
        const outcome = await this.finish(row);
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

  private async finishLatest(id: string, actor?: Actor): Promise<Outcome> {
    const row = await q.findPayout(this.deps.db, id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.payoutState === 'SENT') return { kind: 'SETTLED', here: false };
    return this.finish(row, actor);
  }

  /**
   * Takes a request's transactions as far as the chain allows within the timeout: the latest
   * bytes are broadcast (once per call) while nothing is mined, and the verdict is read again
   * until it is final. `actor`: who settles a payment (else the administrator who started it).
   */
  private async finish(row: q.PayoutRow, actor?: Actor): Promise<Outcome> {
    const chain = this.deps.chain!;
    const deadline = Date.now() + this.receiptTimeoutMs;
    let sent = false;
    let note: string | null = null;
    for (;;) {
      let verdict: ChainVerdict;
      try {
        verdict = await this.verdict(row);
      } catch (err) {
        return this.waiting(row.id, `The chain could not be read: ${errorText(err)}`, false);
      }
      if (verdict.kind !== 'UNMINED') {
        const outcome = await this.act(row, verdict, actor, Date.now() < deadline);
        if (outcome !== 'NOT_FINAL') return outcome;
      } else if (row.status !== 'PENDING') {
        return this.decidedMeanwhile(row);
      } else if (!sent && row.payoutRawTx) {
        sent = true;
        const hash = keccak256(row.payoutRawTx as Hex);
        await attempts.markHandedToNode(this.deps.db, hash);
        const answer = await chain.broadcast(row.payoutRawTx);
        if (answer.kind === 'REJECTED' && !(await chain.isKnown(hash).catch(() => false)))
          // Another node may still have it: nothing is released, the click is told at once.
          return this.waiting(
            row.id,
            `Refused by the node: ${answer.message}. Its nonce ${row.payoutNonce} stays reserved for it: send again (the same nonce, a higher fee when it waited long) or reject it to cancel it on chain.`,
            false,
          );
        if (answer.kind === 'UNKNOWN')
          note = `The broadcast got no answer (${answer.message}); it is sent again by recovery.`;
      }
      if (Date.now() >= deadline) {
        if (verdict.kind !== 'UNMINED')
          return this.waiting(
            row.id,
            `Mined in block ${verdict.kind === 'NONCE_USED_ELSEWHERE' ? '?' : verdict.receipt.blockNumber}; it is settled once that block is final.`,
            true,
          );
        if (note) return this.waiting(row.id, note, true);
        return this.waiting(
          row.id,
          `Not mined within ${Math.round(this.receiptTimeoutMs / 1000)} s; recovery keeps sending the same transaction.`,
          true,
        );
      }
      await sleep(this.pollMs);
    }
  }

  /** The verdict on every attempt of `row` (the final block read first). */
  private async verdict(row: q.PayoutRow): Promise<ChainVerdict> {
    const chain = this.deps.chain;
    if (!chain) return { kind: 'UNMINED' };
    const all = await attempts.attemptsOf(this.deps.db, row.id);
    if (all.length === 0) return { kind: 'UNMINED' };
    const finalized = await this.deps.finalizedBlock().catch(() => null);
    return inspect(
      chain,
      finalized,
      all,
      row.payoutNonce === null ? null : BigInt(row.payoutNonce),
    );
  }

  /** `act` without waiting: not final yet is WAITING (on chain). */
  private async actNow(
    row: q.PayoutRow,
    verdict: Exclude<ChainVerdict, { kind: 'UNMINED' }>,
    actor?: Actor,
  ): Promise<Outcome> {
    const outcome = await this.act(row, verdict, actor, false);
    return outcome === 'NOT_FINAL' ? this.waiting(row.id, 'Mined; not final yet.', true) : outcome;
  }

  /**
   * Applies a verdict other than UNMINED: final, the request settles (paid, or its abandon's
   * decision, or FAILED when nothing was paid); 'NOT_FINAL' while `keepWaiting`, else WAITING.
   */
  private async act(
    row: q.PayoutRow,
    verdict: Exclude<ChainVerdict, { kind: 'UNMINED' }>,
    actor: Actor | undefined,
    keepWaiting: boolean,
  ): Promise<Outcome | 'NOT_FINAL'> {
    if (!verdict.final)
      return keepWaiting
        ? 'NOT_FINAL'
        : this.waiting(row.id, 'Mined; it is settled once its block is final.', true);
    if (verdict.kind === 'PAID') {
      const settler = actor ?? (await this.starterOf(row));
      if (!settler)
        return this.waiting(row.id, 'Mined, but the administrator who sent it is unknown.', true);
      return {
        kind: 'SETTLED',
        here: await this.settlePaid(row.id, verdict.attempt.hash, settler),
      };
    }
    const reason =
      verdict.kind === 'CANCELLED'
        ? `Cancelled on chain by ${verdict.attempt.hash}: nothing was paid.`
        : verdict.kind === 'REVERTED'
          ? 'The transaction was mined but failed (reverted): nothing was paid.'
          : `Nonce ${row.payoutNonce} was used by another transaction of the hot wallet: nothing was paid.`;
    const abandon = row.payoutAbandon;
    if (abandon)
      return { kind: 'SETTLED', here: await this.settleAbandoned(row.id, abandon, reason) };
    await q.markFailed(this.deps.db, row.id, reason, false);
    this.deps.log.error({ withdrawalId: row.id, reason }, 'payout failed; nothing was paid');
    return { kind: 'FAILED', reason };
  }

  /**
   * A request decided by hand while SENDING (only possible from outside the product): never
   * sent again; bytes that never left are dropped with their nonce, others wait for it.
   */
  private async decidedMeanwhile(row: q.PayoutRow): Promise<Outcome> {
    const all = await attempts.attemptsOf(this.deps.db, row.id);
    if (all.every((a) => a.broadcastAt === null)) {
      const reason = 'Not sent: the request was decided by hand meanwhile.';
      await q.markFailed(this.deps.db, row.id, reason, true);
      return { kind: 'FAILED', reason };
    }
    return this.waiting(row.id, 'Decided meanwhile; its transaction may still be mined.', true);
  }

  /**
   * Paid by `hash`: the request is marked SENT with it and approved, together. A request decided
   * otherwise meanwhile is left as it is and reported (the chain paid it anyway). True when this
   * call marked it.
   */
  private async settlePaid(id: string, hash: string, actor: Actor): Promise<boolean> {
    const here = await this.deps.db.transaction(async (tx) => {
      const row = await q.lockPayout(tx, id);
      // FAILED: a request given up before decision 045 whose transaction was mined after all.
      if (!row || !['SENDING', 'CANCELLING', 'FAILED'].includes(row.payoutState)) return false;
      await q.markSent(tx, id, hash);
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
      return true;
    });
    if (here)
      this.deps.log.info({ withdrawalId: id, transactionHash: hash }, 'payout mined and approved');
    return here;
  }

  /** The cancellation (or nothing of ours) took the nonce, final: the waiting decision applies. */
  private async settleAbandoned(id: string, abandon: PayoutAbandon, why: string): Promise<boolean> {
    const who = await q.adminOf(this.deps.db, abandon.by);
    const actor: Actor = { id: abandon.by, email: who?.email ?? '', ip: null };
    return this.deps.db.transaction(async (tx) => {
      const row = await q.lockPayout(tx, id);
      if (!row || row.payoutState !== 'CANCELLING') return false;
      await q.markFailed(tx, id, why, false);
      await this.deps.settlement.settle(
        tx,
        id,
        { status: abandon.status, reason: abandon.reason, transactionHash: null },
        actor,
      );
      return true;
    });
  }

  private async starterOf(row: q.PayoutRow): Promise<Actor | null> {
    if (!row.payoutStartedBy) return null;
    const admin = await q.adminOf(this.deps.db, row.payoutStartedBy);
    return admin ? { id: admin.id, email: admin.email, ip: null } : null;
  }

  private async waiting(id: string, reason: string, onChain: boolean): Promise<Outcome> {
    await q.noteProblem(this.deps.db, id, reason).catch(() => undefined);
    this.deps.log.warn({ withdrawalId: id, reason }, 'payout not settled yet');
    return { kind: 'WAITING', reason, onChain };
  }

  /** What the administrator who clicked is told. */
  private answer(outcome: Outcome): void {
    if (outcome.kind === 'SETTLED') return;
    const reason = /[.!?]$/.test(outcome.reason) ? outcome.reason : `${outcome.reason}.`;
    if (outcome.kind === 'FAILED')
      throw unavailable(
        `The hot wallet could not send the payout: ${reason} Nothing was paid or approved; try again.`,
      );
    if (outcome.onChain)
      throw new AppError(
        'PAYOUT_PENDING',
        null,
        `The payout is signed and being confirmed on chain: ${reason} It is approved automatically once final; do not pay it another way.`,
      );
    throw unavailable(`The payout is signed but not on its way: ${reason}`);
  }
}
