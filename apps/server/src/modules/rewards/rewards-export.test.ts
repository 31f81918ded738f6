import type { AuditLogResponse } from '@ctn/contracts/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

const USDT_WEI = 10n ** 18n;

let t: TestApp;
let admin: { token: string; user: { _id: string } };
type Member = Awaited<ReturnType<typeof signedInMember>> & { number: string };
/** A <- B <- C: B's and C's payments reward their uplines (DIRECT, levels 1 and 2). */
let a: Member, b: Member, c: Member;

async function member(referredByCode: string): Promise<Member> {
  const m = await signedInMember(t, { referredByCode });
  const [row] = await rowsOf<{ number: string }>(
    t.database.db,
    sql`select user_id as number from users where id = ${m.user._id}`,
  );
  return { ...m, number: row!.number };
}

async function pay(m: Member, usdt: bigint) {
  const [row] = await rowsOf<{ address: string }>(
    t.database.db,
    sql`select wallet_address as address from users where id = ${m.user._id}`,
  );
  const chain = t.services.peers.simulatedChain!;
  chain.transfer(row!.address, usdt * USDT_WEI);
  chain.mine(3);
  await t.services.subscriptions.scan();
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.subscriptions.scan();
  admin = await signedInAdmin(t);
  a = await member(t.rootCode);
  b = await member(a.user.referralCode);
  c = await member(b.user.referralCode);
  await t.database.db.execute(sql`
    update users set first_name = '@SUM(1+1)', last_name = '+Evil' where id = ${a.user._id}`);
  await pay(b, 10n);
  await pay(c, 10n);
}, 60_000);
afterAll(() => t.close());

const exportRewards = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/rewards/admin/export${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');
const HEADER =
  'ID,Type,Level,Amount (USDT),Percent,Master amount (USDT),Cycle,Bucket,Member user ID,Member name,Member email,From user ID,From name,From email,Date';

describe('GET /api/rewards/admin/export', () => {
  it('is for administrators only', async () => {
    expect((await exportRewards('')).statusCode).toBe(401);
    expect((await exportRewards('', a.token)).statusCode).toBe(403);
  });

  it('answers CSV of the reward lines matching the filters, formulas neutralised', async () => {
    const all = await exportRewards('', admin.token);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename="rewards-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = lines(all.body);
    expect(header).toBe(HEADER);
    // B's payment rewards A (level 1); C's rewards B (level 1) and A (level 2).
    expect(rows).toHaveLength(3);

    const levelTwo = lines((await exportRewards('?type=DIRECT&level=2', admin.token)).body);
    expect(levelTwo.slice(1)).toHaveLength(1);
    expect(levelTwo[1]).toMatch(
      new RegExp(
        `^[0-9a-f-]{36},DIRECT,2,1,10,10,,\\w+,${a.number},'@SUM\\(1\\+1\\) \\+Evil,${a.email},${c.number},Ada Lovelace,${c.email},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z$`,
      ),
    );
    expect(lines((await exportRewards('?type=DOWNLINE', admin.token)).body)).toEqual([HEADER]);
  });

  it('searches the receiving or the producing member', async () => {
    const rows = lines((await exportRewards(`?search=${c.number}`, admin.token)).body).slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toContain(`,${c.number},`);
  });

  it('records the export in the audit log', async () => {
    await exportRewards('?type=DIRECT&level=1', admin.token);
    const log = await call<AuditLogResponse>(
      t.app,
      'GET',
      '/api/admin/audit-log?action=DATA_EXPORTED',
      { token: admin.token },
    );
    expect(log.body.data!.entries[0]).toMatchObject({
      actor: { _id: admin.user._id },
      action: 'DATA_EXPORTED',
      after: {
        list: 'rewards',
        filters: { type: 'DIRECT', level: 1, sort: '-createdAt' },
        rows: 2,
      },
    });
  });
});

describe("a member's own rewards as CSV", () => {
  const exportOwn = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/rewards/user/export${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("exports only the caller's lines, with their source, filtered like the page", async () => {
    // A: DIRECT from B's payment (level 1) and from C's (level 2).
    const answer = await exportOwn('?sort=createdAt', a.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toMatch(/filename="my-rewards-.*\.csv"/);
    const lines = answer.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Date,Type,Level,Amount (USDT),Percent,Base amount (USDT),Cycle,Bucket,From,From user ID,From email,Payment credited',
    );
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['1', '2']);
    expect(lines[1]).toContain(`,Referral,`);
    expect(lines[1]).toContain(`,${b.number},`);
    // Level 1 only: the filter of the page applies.
    const levelOne = (await exportOwn('?level=1', a.token)).body.trim().split(/\r?\n/);
    expect(levelOne).toHaveLength(2);
    // Nobody else's lines: C earned nothing, so only the header.
    expect((await exportOwn('', c.token)).body.trim().split(/\r?\n/)).toHaveLength(1);
    expect((await exportOwn('')).statusCode).toBe(401);
  });
});
