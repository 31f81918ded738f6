import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  createTestApp,
  inGoodStanding,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { postEntry } from '../ledger/ledger.service';

/**
 * 1,000 withdrawal requests at once on few balances: four members and one hot member, in rounds
 * separated by reviews that free the pending slot. Each round every member has one open code, as
 * the product makes them (a new code voids the open ones), and all of that member's attempts send
 * it at once, as a script replaying one mailed code would. On PostgreSQL (DATABASE_URL) they
 * really run concurrently on a pool; on PGlite they interleave. Whatever the order: no balance
 * below zero, accepted <= what was there, one request per code, and the ledger agrees with the
 * balances.
 */

const ROUNDS = 5;
const ATTEMPTS_PER_ROUND = 200;
const START_MICRO = { hot: 150_000_000n, other: 40_000_000n };

let t: TestApp;
const members: { id: string; startMicro: bigint }[] = [];
const system = { id: '', email: 'admin@example.com', ip: null };

beforeAll(async () => {
  t = await createTestApp();
  await t.services.auth.ensureAdmin(system.email, 'Admin@Password1');
  system.id = (await t.services.auth.findByEmail(system.email))!.id;
  for (let i = 0; i < 5; i++) {
    const m = await signedInMember(t);
    await inGoodStanding(t, m.user._id);
    const startMicro = i === 0 ? START_MICRO.hot : START_MICRO.other;
    await postEntry(t.database.db, {
      userId: m.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: `seed:${m.user._id}`,
      delta: { available: startMicro, earned: startMicro },
    });
    members.push({ id: m.user._id, startMicro });
  }
}, 60_000);
afterAll(() => t.close());

/** The member's one open code for a round, as if just mailed (the open ones are void). */
async function freshCode(userId: string, round: number): Promise<string> {
  const code = String(round * 1000 + 7).padStart(6, '0');
  await t.database.db.execute(sql`
    update withdrawal_otps set voided_at = now()
     where user_id = ${userId} and used_at is null and voided_at is null`);
  await t.database.db.execute(sql`
    insert into withdrawal_otps (user_id, code_hash, expires_at)
    values (${userId}, ${t.services.otp.hash(userId, code)}, now() + interval '10 minutes')`);
  return code;
}

/** What a member's parallel attempts may meet besides success: every refusal the rules allow. */
const ALLOWED = [
  'ACCEPTED',
  'TOO_MANY_PENDING_WITHDRAWALS',
  'INSUFFICIENT_BALANCE',
  // The code was used by the attempt that won, or five checks of it were in flight at once.
  'OTP_INVALID',
  'OTP_TOO_MANY_ATTEMPTS',
];

describe('concurrent withdrawal requests', () => {
  it('never overdraw, never reuse a code, and keep the books right', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      // 60% of the attempts on the hot member, the rest spread over the others.
      const plan: { userId: string; code: string; amount: number }[] = [];
      const hotCount = ATTEMPTS_PER_ROUND * 0.6;
      const perOther = (ATTEMPTS_PER_ROUND - hotCount) / 4;
      for (const [i, m] of members.entries()) {
        const n = i === 0 ? hotCount : perOther;
        const code = await freshCode(m.id, round);
        for (let k = 0; k < n; k++)
          plan.push({ userId: m.id, code, amount: 10 + ((plan.length * 7) % 50) });
      }
      const results = await Promise.allSettled(
        plan.map((p, i) =>
          t.services.withdrawals.create(p.userId, {
            amount: p.amount,
            walletAddress: `0x${String(round * 10_000 + i).padStart(40, '0')}`,
            asset: 'USDT',
            otp: p.code,
          }),
        ),
      );
      const acceptedBy = new Map<string, number>();
      for (const [i, r] of results.entries()) {
        const key =
          r.status === 'fulfilled'
            ? 'ACCEPTED'
            : r.reason instanceof AppError
              ? r.reason.code
              : String(r.reason);
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (key === 'ACCEPTED')
          acceptedBy.set(plan[i]!.userId, (acceptedBy.get(plan[i]!.userId) ?? 0) + 1);
      }
      // Only the refusals the rules allow, never a crash; one code makes one request at most.
      for (const key of outcomes.keys()) expect(ALLOWED).toContain(key);
      for (const n of acceptedBy.values()) expect(n).toBe(1);
      // Review: approve the even rounds' requests, reject the odd ones' (back to available).
      const pending = await rowsOf<{ id: string }>(
        t.database.db,
        sql`select id from withdrawals where status = 'PENDING'`,
      );
      expect(pending.length).toBeLessThanOrEqual(members.length);
      for (const w of pending)
        await t.services.withdrawalReview.decide(
          w.id,
          round % 2 === 0 ? { status: 'APPROVED' } : { status: 'REJECTED', reason: 'round' },
          system,
        );
    }

    expect(outcomes.get('ACCEPTED')).toBeGreaterThanOrEqual(members.length);
    for (const m of members) {
      const b = (await t.services.ledger.balanceOf(m.id))!;
      expect(b.availableMicro).toBeGreaterThanOrEqual(0n);
      expect(b.pendingMicro).toBe(0n);
      // Nothing created or lost: what is left plus what was paid out is what was there.
      expect(b.availableMicro + b.totalWithdrawnMicro).toBe(m.startMicro);
      const [accepted] = await rowsOf<{ micro: string }>(
        t.database.db,
        sql`select coalesce(sum(amount_micro), 0)::text as micro from withdrawals
             where user_id = ${m.id} and status = 'APPROVED'`,
      );
      expect(BigInt(accepted!.micro)).toBe(b.totalWithdrawnMicro);
      expect(BigInt(accepted!.micro)).toBeLessThanOrEqual(m.startMicro);
    }
    const [codesUsed] = await rowsOf<{ used: number; requests: number; unbound: number }>(
      t.database.db,
      sql`select (select count(*)::int from withdrawal_otps where used_at is not null) as used,
                 (select count(*)::int from withdrawals) as requests,
                 (select count(*)::int from withdrawal_otps
                   where used_at is not null and withdrawal_id is null) as unbound`,
    );
    expect(codesUsed).toEqual({
      used: codesUsed!.requests,
      requests: outcomes.get('ACCEPTED'),
      unbound: 0,
    });
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  }, 300_000);

  it('a cancel racing reviews ends each request once: its money moves once, either way', async () => {
    const seen = new Map<string, number>();
    for (const [i, m] of members.entries()) {
      await postEntry(t.database.db, {
        userId: m.id,
        kind: 'REWARD_DIRECT',
        sourceKey: `race:${m.id}`,
        delta: { available: 10_000_000n, earned: 10_000_000n },
      });
      const code = await freshCode(m.id, 100 + i);
      const made = await t.services.withdrawals.create(m.id, {
        amount: 10,
        walletAddress: `0x${String(900_000 + i).padStart(40, '0')}`,
        asset: 'USDT',
        otp: code,
      });
      const before = (await t.services.ledger.balanceOf(m.id))!;
      // Three cancels from the member, an approval and a rejection, all at once.
      const results = await Promise.allSettled([
        t.services.withdrawals.cancelOwn(m.id, made._id),
        t.services.withdrawals.cancelOwn(m.id, made._id),
        t.services.withdrawalReview.decide(made._id, { status: 'APPROVED' }, system),
        t.services.withdrawals.cancelOwn(m.id, made._id),
        t.services.withdrawalReview.decide(
          made._id,
          { status: 'REJECTED', reason: 'race' },
          system,
        ),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const r of results)
        if (r.status === 'rejected')
          expect((r.reason as AppError).code).toBe('WITHDRAWAL_ALREADY_PROCESSED');
      const after = (await t.services.ledger.balanceOf(m.id))!;
      const final = (await t.services.withdrawals.getOwn(m.id, made._id)).status;
      seen.set(final, (seen.get(final) ?? 0) + 1);
      expect(after.pendingMicro).toBe(before.pendingMicro - 10_000_000n);
      if (final === 'APPROVED')
        expect(after.totalWithdrawnMicro).toBe(before.totalWithdrawnMicro + 10_000_000n);
      else expect(after.availableMicro).toBe(before.availableMicro + 10_000_000n);
    }
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(members.length);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  }, 60_000);
});
