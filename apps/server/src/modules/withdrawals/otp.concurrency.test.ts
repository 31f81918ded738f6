import { OTP_MAX_ATTEMPTS } from '@ctn/contracts/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/client';
import { call, createTestApp, signedInMember, type TestApp } from '../../../test/test-app';

/**
 * Issue "Security round 2", item 1: the withdrawal code's 5 tries hold under parallel verifies.
 * Each try is counted before the code is compared, so 40 at once test at most 5 codes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function memberWithCode() {
  const m = await signedInMember(t);
  await t.database.db.execute(sql`
    insert into withdrawal_otps (user_id, code_hash, expires_at)
    values (${m.user._id}, ${t.services.otp.hash(m.user._id, '424242')}, now() + interval '10 minutes')`);
  return m;
}

const verify = (token: string, otp: string) =>
  call<{ attemptsLeft?: number }>(t.app, 'POST', '/api/otp/withdrawal/verify', {
    token,
    body: { otp },
  });

describe('withdrawal code tries under parallel verifies', () => {
  it('40 codes at once: at most 5 are compared with the code, then it is void', async () => {
    const m = await memberWithCode();
    // A code is tested when it is hashed to be compared with the stored one.
    const compared = vi.spyOn(t.services.otp, 'hash');
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          // The right code, sent last, must not slip through once the tries are used up.
          verify(m.token, i === 39 ? '424242' : String(100000 + i)),
        ),
      );
      expect(compared.mock.calls.length).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      // Every answer is a verdict: accepted, wrong, or out of tries; never an error.
      for (const a of answers)
        expect([200, 400, 429].includes(a.status) || a.body.errorCode?.startsWith('OTP_')).toBe(
          true,
        );
    } finally {
      compared.mockRestore();
    }
  });

  it('40 wrong codes at once use up the 5 tries and void the code', async () => {
    const m = await memberWithCode();
    await Promise.all(Array.from({ length: 40 }, (_, i) => verify(m.token, String(200000 + i))));
    const [row] = await rowsOf<{ attempts: number; void: boolean }>(
      t.database.db,
      sql`select attempts, voided_at is not null as void from withdrawal_otps where user_id = ${m.user._id}`,
    );
    expect(row).toEqual({ attempts: OTP_MAX_ATTEMPTS, void: true });
    expect((await verify(m.token, '424242')).status).not.toBe(200);
  });

  it('a right code is no wrong try: it leaves every try to the member', async () => {
    const m = await memberWithCode();
    expect((await verify(m.token, '111111')).body.errorCode).toBe('OTP_INVALID');
    expect((await verify(m.token, '424242')).status).toBe(200);
    const [row] = await rowsOf<{ attempts: number }>(
      t.database.db,
      sql`select attempts from withdrawal_otps where user_id = ${m.user._id}`,
    );
    expect(row!.attempts).toBe(1);
  });
});
