import { ACTIVE_USERS_WINDOW_MINUTES } from '@ctn/contracts/accounts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export interface OverviewCounts {
  activeUsers: number;
  pendingWithdrawals: number;
  openUidClaims: number;
}

/**
 * The System Overview's counts in one round trip: members (not administrators) with a live
 * session seen in the window, PENDING withdrawals and OPEN UID claims (both on partial indexes).
 */
export async function overviewCounts(db: Db): Promise<OverviewCounts> {
  const [row] = await rowsOf<OverviewCounts>(
    db,
    sql`select
          (select count(distinct s.user_id)::int
             from user_sessions s join users u on u.id = s.user_id
            where s.ended_at is null and s.expires_at > now() and not u.is_admin
              and s.last_seen_at > now() - make_interval(mins => ${ACTIVE_USERS_WINDOW_MINUTES}))
            as "activeUsers",
          (select count(*)::int from withdrawals where status = 'PENDING') as "pendingWithdrawals",
          (select count(*)::int from uid_claims where status = 'OPEN') as "openUidClaims"`,
  );
  return row!;
}
