import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings, users } from '../../db/schema';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row?.value;
}

/** The setting's value, its row locked for the caller's transaction (a second saver waits). */
export async function lockSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for('update');
  return row?.value;
}

export async function writeSetting(
  db: Db,
  key: string,
  value: unknown,
  updatedBy: string,
): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value, updatedBy, updatedAt: sql`now()` },
    });
}

/** Stores `value` unless the key has one already (several instances starting at once). */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}

export interface AlertRecipient {
  email: string;
  firstName: string;
}

/** Every active administrator: the recipients of the admin alert mails. */
export async function activeAdmins(db: Db): Promise<AlertRecipient[]> {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.createdAt));
}

export interface SavedSetting {
  value: unknown;
  updatedAt: Date;
}

/** A setting with the time it was last saved (null when never saved). */
export async function readSettingSaved(db: Db, key: string): Promise<SavedSetting | null> {
  const [row] = await db
    .select({ value: settings.value, updatedAt: settings.updatedAt })
    .from(settings)
    .where(eq(settings.key, key));
  return row ?? null;
}

/** Every setting whose key starts with `prefix`, with who saved it. */
export async function readSettingsWithPrefix(
  db: Db,
  prefix: string,
): Promise<{ key: string; value: unknown }[]> {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(sql`starts_with(${settings.key}, ${prefix})`);
}
