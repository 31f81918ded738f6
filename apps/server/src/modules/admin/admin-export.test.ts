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

let t: TestApp;
let admin: { token: string; user: { _id: string } };
let evil: Awaited<ReturnType<typeof signedInMember>>;
let plain: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  evil = await signedInMember(t);
  plain = await signedInMember(t, { firstName: 'Zoë', lastName: 'Ångström' });
  await t.database.db.execute(sql`
    update users set first_name = '=HYPERLINK("http://evil.test","click")', last_name = 'Doe, Jr'
     where id = ${evil.user._id}`);
  await t.database.db.execute(sql`update users set status = 'LOCKED' where id = ${plain.user._id}`);
}, 60_000);
afterAll(() => t.close());

const exportUsers = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/admin/export${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const lines = (body: string) => body.split('\r\n').filter((l) => l !== '');

describe('GET /api/users/admin/export', () => {
  it('is for administrators only', async () => {
    const anonymous = await exportUsers('');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });
    expect((await exportUsers('', evil.token)).statusCode).toBe(403);
  });

  it('answers CSV of the members matching the filters, formulas neutralised', async () => {
    const answer = await exportUsers('?status=ACTIVE&sort=email', admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = lines(answer.body);
    expect(header).toBe(
      'ID,User ID,First name,Last name,Email,Email verified,Status,BingX UID,Referral code,Referred by code,Referred by user ID,Subscription paid,Total rewards (USDT),Total withdrawals (USDT),Balance (USDT),Wallet address,Joined,Last login',
    );
    // The locked member is filtered out; administrators and the root are never members.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(
      `,"'=HYPERLINK(""http://evil.test"",""click"")","Doe, Jr",${evil.email},true,ACTIVE,`,
    );
    expect(rows[0]).toMatch(/,0,0,0,0x[0-9a-fA-F]{40},\d{4}-\d{2}-\d{2}T[\d:.]+Z,/);
  });

  it('searches like the list, unicode kept', async () => {
    const answer = await exportUsers(`?search=${encodeURIComponent('Ångström')}`, admin.token);
    const rows = lines(answer.body).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`,Zoë,Ångström,${plain.email},true,LOCKED,`);
    expect((await exportUsers('?search=nobody-matches', admin.token)).body).toBe(
      `${lines(answer.body)[0]}\r\n`,
    );
  });

  it('refuses a bad filter with the envelope', async () => {
    const answer = await exportUsers('?status=BANNED', admin.token);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
  });

  it('records the export in the audit log', async () => {
    await exportUsers('?status=LOCKED', admin.token);
    const log = await call<AuditLogResponse>(
      t.app,
      'GET',
      '/api/admin/audit-log?action=DATA_EXPORTED',
      { token: admin.token },
    );
    expect(log.body.data!.entries[0]).toMatchObject({
      actor: { _id: admin.user._id, email: 'admin@example.com' },
      action: 'DATA_EXPORTED',
      after: { list: 'users', filters: { status: 'LOCKED', sort: '-createdAt' }, rows: 1 },
    });
  });
});
