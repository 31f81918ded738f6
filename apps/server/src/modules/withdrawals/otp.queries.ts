import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export interface OtpRow {
  id: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  verifiedAt: Date | null;
  /** When a withdrawal request used it: a used code holds no resend wait. */
  usedAt: Date | null;
  createdAt: Date;
  /** The withdrawal the mail stated, when it stated one: the code confirms only that one. */
  intent: { amountMicro: bigint; walletAddress: string } | null;
}

const dateOf = (v: Date | string | null) => (v === null ? null : new Date(v));

function otpOf(r: Record<string, unknown>): OtpRow {
  return {
    id: String(r['id']),
    codeHash: String(r['codeHash']),
    expiresAt: new Date(r['expiresAt'] as string),
    attempts: Number(r['attempts']),
    verifiedAt: dateOf(r['verifiedAt'] as string | null),
    usedAt: dateOf(r['usedAt'] as string | null),
    createdAt: new Date(r['createdAt'] as string),
    intent:
      r['amountMicro'] === null || r['walletAddress'] === null
        ? null
        : {
            amountMicro: BigInt(r['amountMicro'] as string),
            walletAddress: String(r['walletAddress']),
          },
  };
}

const OPEN = sql`used_at is null and voided_at is null`;
const FIELDS = sql`id, code_hash as "codeHash", expires_at as "expiresAt", attempts,
  verified_at as "verifiedAt", used_at as "usedAt", created_at as "createdAt",
  amount_micro::text as "amountMicro", wallet_address as "walletAddress"`;

/** The member's newest code that is neither used nor void (it may have expired). */
export async function newestOpenCode(db: Db, userId: string): Promise<OtpRow | undefined> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${FIELDS} from withdrawal_otps where user_id = ${userId} and ${OPEN}
         order by created_at desc limit 1`,
  );
  return rows[0] ? otpOf(rows[0]) : undefined;
}

export async function latestCode(db: Db, userId: string): Promise<OtpRow | undefined> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${FIELDS} from withdrawal_otps where user_id = ${userId}
         order by created_at desc limit 1`,
  );
  return rows[0] ? otpOf(rows[0]) : undefined;
}

export async function countSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from withdrawal_otps
         where user_id = ${userId} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}

/** A new code replaces every open one. */
export async function replaceCodes(
  tx: Db,
  userId: string,
  codeHash: string,
  expiresAt: Date,
  intent: { amountMicro: bigint; walletAddress: string } | null,
): Promise<void> {
  await tx.execute(sql`
    update withdrawal_otps set voided_at = now()
     where user_id = ${userId} and used_at is null and voided_at is null`);
  await tx.execute(sql`
    insert into withdrawal_otps (user_id, code_hash, expires_at, amount_micro, wallet_address)
    values (${userId}, ${codeHash}, ${expiresAt.toISOString()}::timestamptz,
            ${intent?.amountMicro ?? null}, ${intent?.walletAddress ?? null})`);
}

/**
 * Takes one of the code's tries before the code is compared, atomically: parallel verifies can
 * never compare more than `max` codes. The tries taken including this one, or undefined when
 * none is left (or the code is no longer open).
 */
export async function takeTry(db: Db, id: string, max: number): Promise<number | undefined> {
  const [row] = await rowsOf<{ attempts: number }>(
    db,
    sql`update withdrawal_otps set attempts = attempts + 1
         where id = ${id} and attempts < ${max} and ${OPEN}
        returning attempts`,
  );
  return row?.attempts;
}

/** The compared code was right: its try is given back (a right code is no wrong try). */
export async function giveBackTry(db: Db, id: string): Promise<void> {
  await db.execute(
    sql`update withdrawal_otps set attempts = greatest(attempts - 1, 0) where id = ${id}`,
  );
}

/** The last try was wrong: the code can never be used. */
export async function voidCode(db: Db, id: string): Promise<void> {
  await db.execute(
    sql`update withdrawal_otps set voided_at = coalesce(voided_at, now()) where id = ${id}`,
  );
}

export async function markVerified(db: Db, id: string): Promise<void> {
  await db.execute(
    sql`update withdrawal_otps set verified_at = coalesce(verified_at, now()) where id = ${id}`,
  );
}

/** Uses a checked code for this request; false when another request used it first. */
export async function consumeCode(tx: Db, otpId: string, withdrawalId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`update withdrawal_otps set used_at = now(), withdrawal_id = ${withdrawalId}
         where id = ${otpId} and used_at is null and voided_at is null and expires_at > now()
        returning id`,
  );
  return rows.length > 0;
}
