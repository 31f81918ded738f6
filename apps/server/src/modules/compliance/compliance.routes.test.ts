import type { ComplianceRunResult } from '@ctn/contracts/compliance';
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
import { complianceMails, createMember, stateOf } from './compliance.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const runNow = (token?: string) =>
  call<ComplianceRunResult>(t.app, 'POST', '/api/admin/compliance/run', token ? { token } : {});

describe('POST /api/admin/compliance/run', () => {
  it('refuses anonymous callers (401) and members (403)', async () => {
    const anonymous = await runNow();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorCode).toBe('UNAUTHORIZED');
    const member = await signedInMember(t);
    const asMember = await runNow(member.token);
    expect(asMember.status).toBe(403);
    expect(asMember.body.errorCode).toBe('FORBIDDEN');
  });

  it('runs the check for an administrator and answers the counts', async () => {
    const admin = await signedInAdmin(t);
    const low = await createMember(t, new Date(), { balanceUsdt: '12.5' });
    const answer = await runNow(admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: 'OK', error: null });
    expect(answer.body.data).toEqual({
      // `low` only: the member of the first test never paid and holds nothing (onboarding).
      checked: 1,
      // A low balance seen for the first time is noted; it locks when seen again a day later.
      locked: 0,
      released: 0,
      forfeited: 0,
      reminders: 0,
      exchangeErrors: 0,
      held: false,
      // A test database is not a production one: it starts enforcing (decision 038).
      mode: 'enforce',
      copyingHeld: 0,
    });
    expect((await stateOf(t, low.id)).lockedSince).toBeNull();
    const [audited] = await rowsOf<{ after: { checked: number } }>(
      t.database.db,
      sql`select after from audit_log where action = 'COMPLIANCE_RUN'`,
    );
    expect(audited?.after.checked).toBe(1);
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await t.services.compliance.runDaily(tomorrow)).toMatchObject({ locked: 1 });
    expect((await stateOf(t, low.id)).reasons).toEqual(['LOW_BALANCE']);
    expect(await complianceMails(t, low.email)).toHaveLength(1);
    // Repeated: nothing new.
    expect((await runNow(admin.token)).body.data).toMatchObject({ locked: 0 });
  });
});
