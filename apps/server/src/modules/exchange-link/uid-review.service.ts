import type { UidReview, UidReviewDecision } from '@ctn/contracts/uid-reviews';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toUsdt } from '../../lib/money';
import type { Actor, AuditService } from '../audit/audit.service';
import type { HeldCreditsService } from '../rewards/held-credits.service';
import type { UidClaimsService } from '../uid-claims/uid-claims.service';
import * as q from './uid-review.queries';

export interface UidReviewDeps {
  db: Db;
  audit: AuditService;
  held: HeldCreditsService;
  uidClaims: UidClaimsService;
}

/**
 * An administrator's decision on a flagged UID link (decisions 043 and 044). Clearing releases
 * what the link held for the uplines, one ledger entry per recipient; rejecting unlinks the UID
 * through the administrators' unlink and forfeits what it held to the platform. Each is one
 * transaction guarded on the review's status, so parallel decisions settle once.
 */
export class UidReviewService {
  constructor(private readonly deps: UidReviewDeps) {}

  async reviewOf(userId: string): Promise<UidReview | null> {
    const row = await q.reviewOf(this.deps.db, userId);
    return row ? this.view(row) : null;
  }

  clear(userId: string, actor: Actor): Promise<UidReviewDecision> {
    return this.decide(userId, 'CLEARED', actor);
  }

  reject(userId: string, actor: Actor): Promise<UidReviewDecision> {
    return this.decide(userId, 'REJECTED', actor);
  }

  private async decide(
    userId: string,
    status: 'CLEARED' | 'REJECTED',
    actor: Actor,
  ): Promise<UidReviewDecision> {
    const { db, audit, held, uidClaims } = this.deps;
    const settled = await db.transaction(async (tx) => {
      const review = await q.decideFlagged(tx, userId, { status, adminId: actor.id });
      if (!review) {
        const existing = await q.reviewOf(tx, userId);
        throw new AppError(existing ? 'UID_REVIEW_ALREADY_DECIDED' : 'UID_REVIEW_NOT_FOUND');
      }
      const episode = String(review.flaggedAt.getTime());
      const moved =
        status === 'CLEARED'
          ? await held.settle(tx, userId, episode, 'RELEASE', `UID ${review.uid} cleared`)
          : await held.settle(tx, userId, episode, 'FORFEIT', `UID ${review.uid} rejected`);
      const unlinked =
        status === 'REJECTED' ? await uidClaims.unlinkFrom(tx, review.uid, userId) : false;
      await audit.record(tx, actor, {
        action: status === 'CLEARED' ? 'UID_REVIEW_CLEARED' : 'UID_REVIEW_REJECTED',
        target: { type: 'user', id: userId },
        before: { uid: review.uid, status: 'FLAGGED', reasons: review.reasons },
        after: {
          status,
          [status === 'CLEARED' ? 'released' : 'forfeited']: toUsdt(moved.amountMicro),
          recipients: moved.recipients,
          ...(status === 'REJECTED' ? { unlinked } : {}),
        },
      });
      return moved;
    });
    const review = await this.reviewOf(userId);
    // The row was just decided in this call's transaction.
    return {
      review: review!,
      settledAmount: toUsdt(settled.amountMicro),
      recipients: settled.recipients,
    };
  }

  private async view(row: q.ReviewRow): Promise<UidReview> {
    const holding = await this.deps.held.heldFromMember(row.userId);
    return {
      userId: row.userId,
      uid: row.uid,
      status: row.status as UidReview['status'],
      reasons: row.reasons,
      invitationCode: row.invitationCode,
      flaggedAt: row.flaggedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      heldAmount: toUsdt(holding.amountMicro),
      heldRecipients: holding.recipients,
    };
  }
}
