import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse } from '@ctn/contracts/audit';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string; user: { _id: string } };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const log = (query = '') =>
  call<AuditLogResponse>(t.app, 'GET', `/api/admin/audit-log${query}`, { token: admin.token });

describe('the audit log', () => {
  it('records an administrator sign-in with the address it came from', async () => {
    const entries = (await log('?action=ADMIN_SIGN_IN')).body.data!.entries;
    expect(entries[0]).toMatchObject({
      actor: { _id: admin.user._id, email: 'admin@example.com' },
      action: 'ADMIN_SIGN_IN',
      ip: expect.stringMatching(/^192\.0\./),
    });
  });

  it('records status changes and deletions with before and after, newest first', async () => {
    const member = await signedInMember(t);
    await call(t.app, 'PUT', `/api/users/${member.user._id}/status`, {
      token: admin.token,
      body: { status: 'LOCKED' },
    });
    await call(t.app, 'DELETE', `/api/users/admin/${member.user._id}`, { token: admin.token });
    const { entries, pagination } = (await log()).body.data!;
    expect(entries.slice(0, 2)).toMatchObject([
      {
        action: 'USER_DELETED',
        target: { type: 'user', id: member.user._id },
        before: { email: member.email, status: 'LOCKED' },
        after: { anonymised: true, status: 'DISABLED' },
      },
      {
        action: 'USER_STATUS_CHANGED',
        target: { type: 'user', id: member.user._id },
        before: { status: 'ACTIVE' },
        after: { status: 'LOCKED' },
        actor: { email: 'admin@example.com' },
      },
    ]);
    expect(pagination).toMatchObject({ currentPage: 1, totalRecords: 3 });
  });

  it('a refused change leaves no entry', async () => {
    const before = (await log()).body.data!.pagination.totalRecords;
    const member = await signedInMember(t);
    await call(t.app, 'PUT', `/api/users/${member.user._id}/status`, {
      token: admin.token,
      body: { status: 'BANNED' },
    });
    await call(t.app, 'PUT', `/api/users/${member.user._id}/status`, {
      token: admin.token,
      body: { status: 'ACTIVE' },
    });
    expect((await log()).body.data!.pagination.totalRecords).toBe(before);
  });

  it('filters by actor, action and date', async () => {
    expect((await log('?actor=nobody')).body.data!.entries).toHaveLength(0);
    expect(
      (await log('?action=USER_DELETED')).body.data!.entries.every(
        (e) => e.action === 'USER_DELETED',
      ),
    ).toBe(true);
    const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect((await log(`?from=${future}`)).body.data!.entries).toHaveLength(0);
    expect((await log('?action=SOMETHING')).body.errorCode).toBe('VALIDATION_ERROR');
  });

  it('is for administrators only', async () => {
    const member = await signedInMember(t);
    expect((await call(t.app, 'GET', '/api/admin/audit-log', { token: member.token })).status).toBe(
      403,
    );
  });
});
