import type { Db } from '../../db/client';
import { uidCheckAttempts } from '../../db/schema';

/**
 * One UID checked or tried for linking, by whom and from where: the risk center counts them
 * (decision 043). The throttle's counters forget; this stays for the look-back.
 */
export async function recordUidAttempt(
  db: Db,
  attempt: { userId: string; uid: string; ip: string },
): Promise<void> {
  await db.insert(uidCheckAttempts).values(attempt);
}
