import type { RiskSignal, RiskSignalsResponse } from '@ctn/contracts/risk';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { riskDigestMail } from './risk-mails';
import * as q from './risk.queries';

export interface RiskDeps {
  db: Db;
  audit: AuditService;
  mail: MailService;
  settings: SettingsService;
  publicUrl: string;
  log: Logger;
}

/**
 * The risk center (docs/security.md): signals computed from the evidence already stored, each
 * marked reviewed by an administrator (audited), and a daily digest of the new ones.
 */
export class RiskService {
  constructor(private readonly deps: RiskDeps) {}

  async list(show: 'open' | 'all'): Promise<RiskSignalsResponse> {
    const rows = await q.currentSignals(this.deps.db);
    return {
      signals: rows.filter((r) => show === 'all' || r.reviewedAt === null).map(toView),
    };
  }

  /** Marks a current signal reviewed; a second mark changes nothing and answers the first. */
  async markReviewed(key: string, actor: Actor): Promise<RiskSignal> {
    return this.deps.db.transaction(async (tx) => {
      const signal = (await q.currentSignals(tx)).find((s) => s.key === key);
      if (!signal) throw new AppError('RISK_SIGNAL_NOT_FOUND');
      if (signal.reviewedAt !== null) return toView(signal);
      await q.insertReview(tx, { signalKey: key, kind: signal.kind, reviewedBy: actor.id });
      await this.deps.audit.record(tx, actor, {
        action: 'RISK_SIGNAL_REVIEWED',
        target: { type: 'risk-signal', id: key },
        after: { kind: signal.kind, evidence: signal.evidence, members: signal.members },
      });
      return toView({ ...signal, reviewedAt: new Date(), reviewedBy: actor.email });
    });
  }

  /**
   * The daily digest: signals neither mailed before nor reviewed, mailed to the administrators
   * once (the keys are recorded in the transaction that queues the mail). Nothing new, no mail.
   */
  async digest(): Promise<{ mailed: number }> {
    const { db, settings, mail, publicUrl } = this.deps;
    const mailed = await db.transaction(async (tx) => {
      const fresh = (await q.currentSignals(tx)).filter((s) => !s.digested && !s.reviewedAt);
      const claimed = await q.markDigested(
        tx,
        fresh.map((s) => s.key),
      );
      const news = fresh.filter((s) => claimed.has(s.key));
      if (news.length === 0) return 0;
      for (const admin of await settings.alertRecipients(tx, 'operations'))
        await mail.enqueue(tx, riskDigestMail(admin, news, publicUrl));
      return news.length;
    });
    if (mailed > 0) {
      this.deps.log.info({ signals: mailed }, 'risk digest queued');
      mail.kick();
    }
    return { mailed };
  }
}

function toView(row: q.SignalRow): RiskSignal {
  return {
    key: row.key,
    kind: row.kind,
    members: row.members,
    evidence: row.evidence,
    firstSeenAt: row.firstSeen.toISOString(),
    lastSeenAt: row.lastSeen.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
  };
}
