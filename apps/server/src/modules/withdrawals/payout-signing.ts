import type { PayoutAbandon } from '@ctn/contracts/withdrawals';
import type { Db } from '../../db/client';
import {
  errorText,
  gasOf,
  type HotWallet,
  type PayoutChain,
  type PreparedTransfer,
} from '../../integrations/chain/payout-wallet';
import { AppError } from '../../lib/app-error';
import * as attempts from './payout-attempts.queries';
import { MAX_ATTEMPTS, replacementGasPrice } from './payout-onchain';
import * as q from './payouts.queries';
import { refuseIfFrozen } from './settlement';

/**
 * Signing a request's transactions (decision 045). Each is signed and stored, with its bytes and
 * hash, in one database transaction under the request's row lock, before anything is broadcast:
 * a crash before the commit leaves nothing signed anywhere, one after it leaves the bytes that
 * recovery sends. The nonce is taken once per request (the first attempt) and kept: a re-send is
 * a replacement at the same nonce with a higher fee, and an abandon is a zero-value
 * self-transfer at that nonce. None of these can pay twice: one nonce, at most one mined.
 */

/** Tests: runs after signing, before the signed bytes are stored (a crash there). */
export type AfterSign = (withdrawalId: string) => Promise<void>;

/** What the caller sends next: the attempt just stored. */
export interface Signed {
  hash: string;
  rawTx: string;
  nonce: bigint;
}

export class PayoutSigner {
  constructor(
    private readonly db: Db,
    private readonly chain: PayoutChain,
    private readonly wallet: HotWallet,
    private readonly afterSign?: AfterSign,
  ) {}

  /**
   * The first transaction of a request with no reserved nonce (NONE, or FAILED: the nonce it
   * held is used on chain by a transaction that paid nothing). 'SIGNED_ELSEWHERE': another
   * click signed it a moment ago.
   */
  async first(id: string, startedBy: string): Promise<Signed | 'SIGNED_ELSEWHERE'> {
    const row = await q.findPayout(this.db, id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const prepared = await this.prepare(() =>
      this.chain.prepareTransfer(this.wallet.address, row.walletAddress, BigInt(row.amountMicro)),
    );
    return this.db.transaction(async (tx) => {
      const locked = await this.lockPending(tx, id);
      if (locked.payoutState === 'SENDING') return 'SIGNED_ELSEWHERE' as const;
      if (locked.payoutState !== 'NONE' && locked.payoutState !== 'FAILED')
        throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
      // Nothing is signed for a frozen account: its requests wait until the freeze is lifted.
      await refuseIfFrozen(tx, locked.userId);
      await q.lockNonces(tx);
      const nonce = await this.nextNonce(tx);
      const signed = await this.signAndStore(tx, id, 'PAYOUT', prepared, nonce, startedBy);
      await q.recordIntent(tx, id, {
        from: this.wallet.address,
        nonce,
        rawTx: signed.rawTx,
        hash: signed.hash,
        startedBy,
      });
      return signed;
    });
  }

  /** A replacement of the request's payout at its nonce, with a higher (bounded) fee. */
  async replacement(id: string, startedBy: string): Promise<Signed> {
    const row = await q.findPayout(this.db, id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    const prepared = await this.prepare(() =>
      this.chain.prepareTransfer(this.wallet.address, row.walletAddress, BigInt(row.amountMicro)),
    );
    return this.db.transaction(async (tx) => {
      const locked = await this.lockPending(tx, id);
      if (locked.payoutState !== 'SENDING' || locked.payoutNonce === null)
        throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
      await refuseIfFrozen(tx, locked.userId);
      const nonce = BigInt(locked.payoutNonce);
      const priced = await this.priced(tx, id, nonce, prepared);
      // Never less gas than before: a node may estimate against its pool, where the first
      // attempt already wrote the recipient's balance slot, and the replacement would run out.
      for (const a of await attempts.attemptsOf(tx, id))
        if (a.kind === 'PAYOUT' && gasOf(a.rawTx).gas > priced.gas) priced.gas = gasOf(a.rawTx).gas;
      const signed = await this.signAndStore(tx, id, 'PAYOUT', priced, nonce, startedBy);
      await q.recordReplacement(tx, id, signed);
      return signed;
    });
  }

  /**
   * The zero-value self-transfer that takes the request's nonce (it replaces whatever of the
   * payout is still in a pool); the decision waits for it (CANCELLING).
   */
  async cancellation(id: string, abandon: PayoutAbandon): Promise<Signed> {
    const prepared = await this.prepare(() => this.chain.prepareCancel(this.wallet.address));
    return this.db.transaction(async (tx) => {
      const locked = await this.lockPending(tx, id);
      if (locked.payoutState !== 'SENDING' || locked.payoutNonce === null)
        throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
      const nonce = BigInt(locked.payoutNonce);
      const priced = await this.priced(tx, id, nonce, prepared);
      const signed = await this.signAndStore(tx, id, 'CANCEL', priced, nonce, abandon.by);
      await q.startCancelling(tx, id, abandon, signed);
      return signed;
    });
  }

  private async lockPending(tx: Db, id: string): Promise<q.PayoutRow> {
    const row = await q.lockPayout(tx, id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'PENDING') throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
    return row;
  }

  /** `prepared` priced to replace every attempt at `nonce` (bounded: see replacementGasPrice). */
  private async priced(
    tx: Db,
    id: string,
    nonce: bigint,
    prepared: PreparedTransfer,
  ): Promise<PreparedTransfer> {
    const all = await attempts.attemptsOf(tx, id);
    if (all.length >= MAX_ATTEMPTS)
      throw unavailable(
        `This request already has ${all.length} signed transactions; no more are signed. Wait for one to be mined.`,
      );
    const gasPrice = replacementGasPrice(
      all.filter((a) => a.nonce === nonce),
      prepared.gasPrice,
    );
    if (gasPrice === null)
      throw unavailable(
        'The fee of this payout has reached its bound; it is not replaced again. Wait for it to be mined.',
      );
    return { ...prepared, gasPrice };
  }

  private async signAndStore(
    tx: Db,
    id: string,
    kind: attempts.AttemptKind,
    prepared: PreparedTransfer,
    nonce: bigint,
    signedBy: string | null,
  ): Promise<Signed> {
    const signed = await this.wallet.sign(prepared, nonce);
    await this.afterSign?.(id);
    await attempts.insertAttempt(tx, {
      withdrawalId: id,
      kind,
      fromAddress: this.wallet.address,
      nonce,
      hash: signed.hash,
      rawTx: signed.rawTx,
      signedBy,
    });
    return { hash: signed.hash, rawTx: signed.rawTx, nonce };
  }

  private async prepare(read: () => Promise<PreparedTransfer>): Promise<PreparedTransfer> {
    try {
      return await read();
    } catch (err) {
      throw unavailable(`The hot wallet cannot send this payout: ${errorText(err)}`);
    }
  }

  /**
   * The next nonce: the smallest at or above the node's pending count that no stored payout
   * holds. Reserved nonces are skipped (their payouts will be sent or cancelled), so no two
   * requests ever share one.
   */
  private async nextNonce(tx: Db): Promise<bigint> {
    const address = this.wallet.address;
    const pending = await this.chain.nonceAt(address, 'pending');
    const held = new Set((await q.heldNonces(tx, address, pending)).map(String));
    let nonce = pending;
    while (held.has(String(nonce))) nonce += 1n;
    return nonce;
  }
}

export function unavailable(text: string): AppError {
  return new AppError('PAYOUT_UNAVAILABLE', null, text);
}
