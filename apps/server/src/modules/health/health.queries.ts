import { ACTIVE_USERS_WINDOW_MINUTES } from '@ctn/contracts/accounts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export interface OverviewCounts {
  activeUsers: number;
  openUidClaims: number;
}

/**
 * The System Overview's own counts in one round trip: members (not administrators) with a live
 * session seen in the window, and OPEN UID claims (on their partial index).
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
          (select count(*)::int from uid_claims where status = 'OPEN') as "openUidClaims"`,
  );
  return row!;
}
