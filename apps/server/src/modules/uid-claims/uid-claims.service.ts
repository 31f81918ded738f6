import { isBingxUid } from '@ctn/contracts/validation';
import type {
  AdminUidClaim,
  AdminUidClaimDetail,
  FileUidClaimRequest,
  MemberUidClaim,
  ResolveUidClaimRequest,
  UidClaimStatus,
} from '@ctn/contracts/uid-claims';
import type { Db } from '../../db/client';
import type { ExchangeGateway } from '../../integrations/exchange/exchange';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Logger } from '../../lib/logger';
import { takeTurn, type RateLimiter } from '../../lib/rate-limiter';
import { isUuid } from '../../lib/values';
import type { Actor, AuditService } from '../audit/audit.service';
import { takeUidProbeTurn } from '../exchange-link/exchange-link.service';
import type { MailService } from '../mail/mail.service';
import { claimResolvedMail } from './uid-claim-mails';
import * as q from './uid-claims.queries';
import { DAY_MS } from '@ctn/contracts/time';

export interface UidClaimsDeps {
  db: Db;
  exchange: ExchangeGateway;
  limiter: RateLimiter;
  audit: AuditService;
  mail: MailService;
  publicUrl: string;
  log: Logger;
}

const CLAIMS_PER_DAY = { limit: 3, windowMs: DAY_MS };
const OUTCOME = { UNLINK: 'UNLINKED', REASSIGN: 'REASSIGNED', REJECT: 'REJECTED' } as const;

/**
 * Disputes over a BingX UID (issue 15): linking proves nothing about ownership, so a member
 * whose UID another account linked files a claim; an administrator looks at both accounts and
 * what the exchange says of the UID, then unlinks it, moves it to the claimant, or rejects the
 * claim. Audited; both members are mailed.
 */
export class UidClaimsService {
  constructor(private readonly deps: UidClaimsDeps) {}

  /**
   * A claim names a UID, so it takes a turn of the UID probes before anything about the UID is
   * answered (decision 040): "nobody holds it" is an answer too. The 3 a day count claims filed.
   */
  async file(userId: string, input: FileUidClaimRequest, ip: string): Promise<MemberUidClaim> {
    const { db } = this.deps;
    const uid = input.bingXUID.trim();
    if (!isBingxUid(uid)) throw new AppError('BINGX_UID_INELIGIBLE');
    await takeUidProbeTurn(this.deps.limiter, userId, ip);
    const holderId = await q.holderOf(db, uid);
    if (holderId === null) throw new AppError('UID_CLAIM_NOT_NEEDED');
    if (holderId === userId) throw new AppError('BINGX_UID_ALREADY_SET');
    await takeTurn(this.deps.limiter, `uid-claim:${userId}`, CLAIMS_PER_DAY);
    try {
      const id = await q.insertClaim(db, {
        claimantId: userId,
        uid,
        message: input.message.trim(),
        holderId,
      });
      return (await this.mine(userId)).find((c) => c._id === id)!;
    } catch (err) {
      if (isUniqueViolation(err, 'uid_claims_one_open_per_member'))
        throw new AppError('UID_CLAIM_ALREADY_OPEN');
      throw err;
    }
  }

  async mine(userId: string): Promise<MemberUidClaim[]> {
    const rows = await q.claimsWithAccounts(this.deps.db, { claimantId: userId });
    return rows.map((r) => memberView(r.claim));
  }

  async list(status: UidClaimStatus | undefined): Promise<AdminUidClaim[]> {
    const rows = await q.claimsWithAccounts(this.deps.db, status ? { status } : {});
    return rows.map(adminView);
  }

  /** One claim with what the exchange says of the UID now (unknown figures stay null). */
  async detail(id: string): Promise<AdminUidClaimDetail> {
    const row = await this.find(id);
    try {
      const facts = await this.deps.exchange.checkInvite(row.claim.uid, 'members');
      return {
        ...adminView(row),
        exchange: {
          available: true,
          invited: facts.invited,
          directInvitation: facts.directInvitation,
          registeredAt: facts.registeredAt?.toISOString() ?? null,
          kycDone: facts.kycDone,
          problem: null,
        },
      };
    } catch (err) {
      this.deps.log.warn({ err, uid: row.claim.uid }, 'exchange answer for a UID claim failed');
      return {
        ...adminView(row),
        exchange: {
          available: false,
          invited: null,
          directInvitation: null,
          registeredAt: null,
          kycDone: null,
          problem: err instanceof Error ? err.message.slice(0, 300) : 'unknown error',
        },
      };
    }
  }

  async resolve(id: string, request: ResolveUidClaimRequest, actor: Actor): Promise<AdminUidClaim> {
    if (!isUuid(id)) throw new AppError('UID_CLAIM_NOT_FOUND');
    const { db, mail, publicUrl } = this.deps;
    const status = OUTCOME[request.action];
    await db.transaction(async (tx) => {
      const claim = await q.lockOpenClaim(tx, id);
      if (!claim) throw new AppError('UID_CLAIM_NOT_FOUND');
      let holderId: string | null = null;
      if (request.action !== 'REJECT') holderId = await q.unlinkUid(tx, claim.uid);
      if (request.action === 'REASSIGN' && !(await q.giveUid(tx, claim.claimantId, claim.uid)))
        throw new AppError('CLAIMANT_ALREADY_LINKED');
      await q.closeClaim(tx, id, { status, adminId: actor.id, note: request.note });
      await this.deps.audit.record(tx, actor, {
        action: 'UID_CLAIM_RESOLVED',
        target: { type: 'uid_claim', id },
        before: { uid: claim.uid, holderId: claim.holderId, status: 'OPEN' },
        after: { status, holderId: request.action === 'REASSIGN' ? claim.claimantId : holderId },
      });
      const outcome = { uid: claim.uid, status, note: request.note };
      const claimant = await q.userById(tx, claim.claimantId);
      if (claimant)
        await mail.enqueue(tx, claimResolvedMail(claimant, 'claimant', outcome, publicUrl));
      const holder = claim.holderId ? await q.userById(tx, claim.holderId) : undefined;
      if (holder) await mail.enqueue(tx, claimResolvedMail(holder, 'holder', outcome, publicUrl));
    });
    mail.kick();
    return adminView(await this.find(id));
  }

  /**
   * The administrators' unlink, for a decision made elsewhere in the caller's transaction (a
   * rejected UID review, decision 044): takes the UID off `holderId` only; true when it did.
   */
  async unlinkFrom(tx: Db, uid: string, holderId: string): Promise<boolean> {
    return (await q.unlinkUid(tx, uid, holderId)) !== null;
  }

  private async find(id: string): Promise<q.ClaimRow> {
    const [row] = isUuid(id) ? await q.claimsWithAccounts(this.deps.db, { id }) : [];
    if (!row) throw new AppError('UID_CLAIM_NOT_FOUND');
    return row;
  }
}

function memberView(claim: q.ClaimRow['claim']): MemberUidClaim {
  return {
    _id: claim.id,
    uid: claim.uid,
    message: claim.message,
    status: claim.status as UidClaimStatus,
    createdAt: claim.createdAt.toISOString(),
    resolvedAt: claim.resolvedAt?.toISOString() ?? null,
    resolutionNote: claim.resolutionNote,
  };
}

function accountView(a: q.ClaimRow['claimant']) {
  return {
    _id: a.id,
    userId: a.userId,
    name: `${a.firstName} ${a.lastName}`.trim(),
    email: a.email,
    bingXUID: a.bingxUid,
    linkedAt: a.bingxLinkedAt?.toISOString() ?? null,
    subscriptionPaid: a.paidUntil !== null && a.paidUntil > new Date(),
    createdAt: a.createdAt.toISOString(),
  };
}

function adminView(row: q.ClaimRow): AdminUidClaim {
  return {
    ...memberView(row.claim),
    claimant: accountView(row.claimant),
    holder: row.holder ? accountView(row.holder) : null,
  };
}
