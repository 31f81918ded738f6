import type { AuditLogResponse } from '@ctn/contracts/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let t: TestApp;
let admin: { token: string; user: { _id: string } };
let member: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  member = await signedInMember(t, { firstName: 'Grace', lastName: 'Hopper' });
  other = await signedInMember(t, { firstName: 'Søren', lastName: 'Kierkegaard' });
  // Only the export reads them: rows written directly, without the ledger.
  await t.database.db.execute(sql`
    insert into withdrawals (user_id, amount_micro, wallet_address, requested_at)
    values (${member.user._id}, 12500000, ${ADDRESS}, '2026-11-20T10:00:00Z')`);
  await t.database.db.execute(sql`
    insert into withdrawals (user_id, amount_micro, wallet_address, status, reason, requested_at,
                             processed_at)
    values (${other.user._id}, 1000001, ${OTHER_ADDRESS}, 'REJECTED', '=cmd|'' /C calc''!A0',
            '2026-11-19T10:00:00Z', '2026-11-19T12:00:00Z')`);
}, 60_000);
afterAll(() => t.close());

const exportWithdrawals = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/withdrawals/admin/export${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');
const HEADER =
  'ID,User ID,First name,Last name,Email,Amount (USDT),Asset,Wallet address,Status,Reason,Transaction hash,Payout,Requested,Processed';

describe('GET /api/withdrawals/admin/export', () => {
  it('is for administrators only', async () => {
    expect((await exportWithdrawals('')).statusCode).toBe(401);
    const refused = await exportWithdrawals('', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
  });

  it('answers CSV of every request, newest first', async () => {
    const answer = await exportWithdrawals('', admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="withdrawals-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = lines(answer.body);
    expect(header).toBe(HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(
        `^[0-9a-f-]{36},\\w+,Grace,Hopper,${member.email},12.5,USDT,${ADDRESS},PENDING,,,NONE,2026-11-20T10:00:00.000Z,$`,
      ),
    );
    expect(rows[1]).toContain(
      `,Søren,Kierkegaard,${other.email},1.000001,USDT,${OTHER_ADDRESS},REJECTED,'=cmd|' /C calc'!A0,,NONE,2026-11-19T10:00:00.000Z,2026-11-19T12:00:00.000Z`,
    );
  });

  it('follows the status filter, the search and the sort', async () => {
    const rejected = lines((await exportWithdrawals('?status=REJECTED', admin.token)).body);
    expect(rejected.slice(1)).toHaveLength(1);
    expect(rejected[1]).toContain(',REJECTED,');
    const searched = lines((await exportWithdrawals('?search=hopper', admin.token)).body);
    expect(searched.slice(1)).toHaveLength(1);
    expect(searched[1]).toContain(',Grace,Hopper,');
    const oldest = lines((await exportWithdrawals('?sort=createdAt', admin.token)).body);
    expect(oldest[1]).toContain(',REJECTED,');
  });

  it('records the export in the audit log', async () => {
    await exportWithdrawals('?status=PENDING&search=grace', admin.token);
    const log = await call<AuditLogResponse>(
      t.app,
      'GET',
      '/api/admin/audit-log?action=DATA_EXPORTED',
      { token: admin.token },
    );
    expect(log.body.data!.entries[0]).toMatchObject({
      actor: { _id: admin.user._id },
      action: 'DATA_EXPORTED',
      target: { type: null, id: null },
      after: {
        list: 'withdrawals',
        filters: { status: 'PENDING', search: 'grace', sort: '-createdAt' },
        rows: 1,
      },
    });
  });
});
