import type { Db } from '../../db/client';
import * as q from './held-credits.queries';

export type { HeldOutcome } from './held-credits.queries';

/**
 * DOWNLINE credits held while the trading member's UID link is under review (decision 044): what
 * a member's link holds for their uplines, and its settlement when an administrator decides.
 */
export class HeldCreditsService {
  constructor(private readonly db: Db) {}

  heldFromMember(memberId: string): Promise<{ recipients: number; amountMicro: bigint }> {
    return q.heldFromMember(this.db, memberId);
  }

  /** In the caller's transaction, which decided the review (so it settles once). */
  settle(
    tx: Db,
    memberId: string,
    episode: string,
    outcome: q.HeldOutcome,
    memo: string,
  ): Promise<{ recipients: number; amountMicro: bigint }> {
    return q.settleHeld(tx, memberId, episode, outcome, memo);
  }
}
