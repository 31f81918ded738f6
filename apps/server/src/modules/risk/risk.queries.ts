import { sql } from 'drizzle-orm';
import type { RiskSignalKind } from '@ctn/contracts/risk';
import { rowsOf, type Db } from '../../db/client';
import { riskDigestedSignals, riskReviews } from '../../db/schema';
import { ALL_SIGNALS } from './risk-signals.sql';

export interface SignalRow {
  key: string;
  kind: RiskSignalKind;
  members: { _id: string; userId: string; email: string }[];
  evidence: string;
  firstSeen: Date;
  lastSeen: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  digested: boolean;
}

/** Every current signal with its members, review and digest state, newest first. */
export function currentSignals(db: Db): Promise<SignalRow[]> {
  return rowsOf<SignalRow>(
    db,
    sql`select s.key, s.kind, s.evidence, s.first_seen as "firstSeen", s.last_seen as "lastSeen",
      coalesce((select json_agg(json_build_object('_id', u.id, 'userId', u.user_id, 'email', u.email)
                  order by u.created_at)
                from users u where u.id = any(s.member_ids)), '[]'::json) as members,
      r.reviewed_at as "reviewedAt", ru.email as "reviewedBy",
      exists (select 1 from risk_digested_signals d where d.signal_key = s.key) as digested
    from (${ALL_SIGNALS}) s
    left join risk_reviews r on r.signal_key = s.key
    left join users ru on ru.id = r.reviewed_by
    order by s.last_seen desc, s.key`,
  );
}

/** Marks a signal reviewed once; false when it already was. */
export async function insertReview(
  tx: Db,
  review: { signalKey: string; kind: string; reviewedBy: string },
): Promise<boolean> {
  const rows = await tx
    .insert(riskReviews)
    .values(review)
    .onConflictDoNothing()
    .returning({ key: riskReviews.signalKey });
  return rows.length > 0;
}

/** Records signals as mailed; answers the keys no earlier digest had (each is mailed once). */
export async function markDigested(tx: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .insert(riskDigestedSignals)
    .values(keys.map((signalKey) => ({ signalKey })))
    .onConflictDoNothing()
    .returning({ key: riskDigestedSignals.signalKey });
  return new Set(rows.map((r) => r.key));
}
