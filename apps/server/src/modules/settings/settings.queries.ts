import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await rowsOf<{ value: unknown }>(
    db,
    sql`select value from settings where key = ${key}`,
  );
  return row?.value;
}

export async function writeSetting(
  db: Db,
  key: string,
  value: unknown,
  updatedBy: string,
): Promise<void> {
  await db.execute(sql`
    insert into settings (key, value, updated_by, updated_at)
    values (${key}, ${JSON.stringify(value)}::jsonb, ${updatedBy}, now())
    on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by,
                                    updated_at = now()`);
}

export interface AlertRecipient {
  email: string;
  firstName: string;
}

/** Every active administrator: the recipients of the admin alert mails. */
export async function activeAdmins(db: Db): Promise<AlertRecipient[]> {
  return rowsOf<AlertRecipient>(
    db,
    sql`select email, first_name as "firstName" from users
        where is_admin and status = 'ACTIVE' order by created_at`,
  );
}

/** A setting with the time it was last saved (null when never saved). */
export async function readSettingSaved(
  db: Db,
  key: string,
): Promise<{ value: unknown; updatedAt: Date | string } | null> {
  const [row] = await rowsOf<{ value: unknown; updatedAt: Date | string }>(
    db,
    sql`select value, updated_at as "updatedAt" from settings where key = ${key}`,
  );
  return row ?? null;
}
