// The data of npm run bench:cycle: the generated network it reuses, the eligibility mix it gives
// that network, the administrator who prepares the cycles and the CSV of their amounts.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/db/client';
import type { Actor } from '../src/modules/audit/audit.service';
import { RECIPIENT_BUCKET } from '../src/modules/rewards/reward-eligibility';
import type { GeneratedTop } from '../scripts/network-generator';
import { fmt } from './cycle-support';

const BENCH_ADMIN = 'cycle.bench@example.com';

export type Network = GeneratedTop;

/**
 * The generator leaves ~36% of members unlinked, subscriptions that expire 1 to 30 days after it
 * ran, and no compliance lock. A cycle's amounts come per linked UID, so every member of the CSV
 * needs one; the rest of the mix stays the generator's (90% ACTIVE, 6% LOCKED, 4% DISABLED; 62%
 * paid, 13% lapsed, 25% never paid), plus compliance locks on 5% of paying ACTIVE members.
 * Each step only touches what it has to, so a reused network is left as it is.
 */
export async function ensureEligibilityMix(db: Db, network: Network, below: SQL) {
  const members = sql`(${below} or id = ${network.id})`;
  // UIDs outside the generator's 10-digit range: 12 digits starting with 7, above any given out.
  const linked = await rowsOf<{ id: string }>(
    db,
    sql`with base as (
          select coalesce(max(substr(bingx_uid, 2)::bigint), 0) as n from users
           where bingx_uid ~ '^7[0-9]{11}$'
        ), missing as (
          select id, row_number() over (order by created_at, id) as rn from users
           where ${members} and bingx_uid is null
        )
        update users u set bingx_uid = '7' || lpad((base.n + m.rn)::text, 11, '0'),
               updated_at = now()
          from missing m, base where u.id = m.id
        returning u.id`,
  );
  // The generator paid 62% of members until 1 to 30 days after it ran (the top member joined
  // 366 days before that): renew those that expired since, for as long as they had then.
  const renewed = await rowsOf<{ id: string }>(
    db,
    sql`with generated as (
          select created_at + interval '366 days' as at from users where id = ${network.id}
        )
        update users u
           set paid_until = now() + (u.paid_until - g.at),
               subscription_paid_at = now() + (u.paid_until - g.at) - interval '30 days'
          from generated g
         where ${members} and u.paid_until > g.at and u.paid_until <= now()
        returning u.id`,
  );
  const [locks] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where ${members} and earnings_locked_since is not null`,
  );
  let locked = 0;
  if ((locks?.n ?? 0) === 0) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`update users
             set earnings_locked_since = now() - interval '1 day' * (abs(hashtext(id::text)) % 25),
                 earnings_lock_reasons = case when abs(hashtext(id::text)) % 3 = 0
                                              then array['COPYING_STOPPED'] else array['LOW_BALANCE'] end,
                 compliance_checked_at = now()
           where ${below} and status = 'ACTIVE' and paid_until > now()
             and abs(hashtext(id::text || 'lock')) % 20 = 0
          returning id`,
    );
    locked = rows.length;
  }
  console.log(
    `  ${fmt(linked.length)} members linked, ${fmt(renewed.length)} subscriptions renewed, ${fmt(locked)} compliance locks set`,
  );
  if (linked.length + renewed.length + locked > 0) {
    await db.execute(sql`vacuum users`);
    await db.execute(sql`vacuum referral_paths`);
    await db.execute(sql`analyze users, referral_paths`);
  }
}

/** Where the generated members' lines go when they are uplines (RECIPIENT_BUCKET). */
export async function eligibilityMix(db: Db, below: SQL): Promise<string> {
  const rows = await rowsOf<{ bucket: string; n: number }>(
    db,
    sql`select ${RECIPIENT_BUCKET} as bucket, count(*)::int as n from users u
         where ${below} group by 1 order by 1`,
  );
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  return rows.map((r) => `${r.bucket} ${((100 * r.n) / total).toFixed(1)}%`).join(', ');
}

export async function benchAdmin(
  auth: { ensureAdmin(email: string, password: string): Promise<boolean> },
  db: Db,
): Promise<Actor> {
  await auth.ensureAdmin(BENCH_ADMIN, `Bench-${Date.now()}-Cycle!`);
  const [row] = await rowsOf<{ id: string; email: string; is_admin: boolean }>(
    db,
    sql`select id, email, is_admin from users where email = ${BENCH_ADMIN}`,
  );
  if (!row?.is_admin) throw new Error(`${BENCH_ADMIN} is not an administrator`);
  return { id: row.id, email: row.email, ip: null };
}

/** FNV-1a of the UID: the same member always gets the same amount. */
function amountOf(uid: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < uid.length; i++) {
    h ^= uid.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 1_000_000 + (h % 499_000_001); // micro-USDT, 1 to 500 USDT
}

export async function buildCsv(db: Db, below: SQL) {
  const rows = await rowsOf<{ uid: string }>(
    db,
    sql`select bingx_uid as uid from users where ${below}
         and bingx_uid is not null order by created_at, id`,
  );
  const lines = ['uid,amount'];
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  let total = 0;
  for (const { uid } of rows) {
    const micro = amountOf(uid);
    min = Math.min(min, micro);
    max = Math.max(max, micro);
    total += micro / 1e6;
    lines.push(`${uid},${Math.floor(micro / 1e6)}.${String(micro % 1e6).padStart(6, '0')}`);
  }
  return { text: lines.join('\n'), lines: rows.length, min: min / 1e6, max: max / 1e6, total };
}
