import { sql, type SQL } from 'drizzle-orm';

/**
 * Who receives a reward line, and where it goes (DESIGN.md section 4 "Rewards"), as SQL over a
 * `users` row aliased `u`, so DIRECT and DOWNLINE crediting, previews and statements agree:
 * ACTIVE + paid + linked + compliant -> AVAILABLE; otherwise LOCKED; DISABLED and the platform's
 * own accounts (the root, administrators) -> skipped.
 */
export const RECIPIENT_BUCKET: SQL = sql`case
  when u.status = 'DISABLED' then 'SKIP_DISABLED'
  when u.is_root or u.is_admin then 'SKIP_PLATFORM'
  when u.status = 'ACTIVE' and u.paid_until > now() and u.bingx_uid is not null
       and u.earnings_locked_since is null then 'AVAILABLE'
  else 'LOCKED' end`;

/** Why a member's credit went to the locked bucket (the first reason that applies). */
export const LOCK_REASON: SQL = sql`case
  when u.status = 'LOCKED' then 'ACCOUNT_LOCKED'
  when u.paid_until is null or u.paid_until <= now() then 'SUBSCRIPTION_LAPSED'
  when u.bingx_uid is null then 'EXCHANGE_NOT_LINKED'
  else coalesce(u.earnings_lock_reasons[1], 'COMPLIANCE') end`;

/** A schedule (hundredths of a percent per level) as an SQL int[] literal parameter. */
export const scheduleArray = (bp: number[]): SQL =>
  sql`${`{${bp.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
