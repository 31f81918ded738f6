import type { ExchangeDiagnostics, ExchangeStatus } from '@ctn/contracts/exchange-diagnostics';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());
const simulator = () => t.services.peers.bingxSimulator!;
afterEach(() => {
  simulator().mode = 'normal';
  simulator().commissionApis = { v1: 'ms', v2: 'day' };
});

const diagnose = (uid?: string) =>
  call<ExchangeDiagnostics>(t.app, 'POST', '/api/admin/exchange/diagnostics', {
    token: admin.token,
    body: uid ? { uid } : {},
  });

describe('exchange diagnostics', () => {
  it('calls every endpoint signed and says which commission version and date format work', async () => {
    const answer = await diagnose('12345678');
    expect(answer.status).toBe(200);
    const report = answer.body.data!;
    expect(report.probes.map((p) => [p.path, p.ok])).toEqual([
      ['/openApi/agent/v1/account/inviteRelationCheck', true],
      ['/openApi/agent/v1/account/inviteAccountList', true],
      ['/openApi/agent/v2/reward/commissionDataList', true],
      ['/openApi/agent/v2/reward/commissionDataList', false],
      ['/openApi/agent/v1/reward/commissionDataList', false],
      ['/openApi/agent/v1/reward/commissionDataList', true],
    ]);
    expect(report.workingCommission).toEqual([
      { api: 'v2', dateFormat: 'day' },
      { api: 'v1', dateFormat: 'ms' },
    ]);
    expect(report.summary).toMatch(/^Working: v2 commissions with yyyyMMdd days/);
    expect(report.probes[0]!.body).toContain('"inviteResult":true');
    expect(report.probes[0]!.params).toEqual({ uid: '12345678' });
    expect(report.status).toMatchObject({ simulator: true, commissionApi: 'v2' });
  });

  it('tells the operator to switch when only v1 answers', async () => {
    simulator().commissionApis = { v1: 'day' };
    const report = (await diagnose()).body.data!;
    expect(report.workingCommission).toEqual([{ api: 'v1', dateFormat: 'day' }]);
    expect(report.summary).toBe('Commissions answer only on v1: set BINGX_COMMISSION_API=v1.');
  });

  it('says when nothing answers, and the status card shows the last error', async () => {
    simulator().mode = 'busy';
    const report = (await diagnose()).body.data!;
    expect(report.probes.every((p) => !p.ok)).toBe(true);
    expect(report.probes[0]).toMatchObject({ code: 100500, message: 'system busy' });
    expect(report.summary).toMatch(/^No call succeeded/);
    const status = await call<ExchangeStatus>(t.app, 'GET', '/api/admin/exchange/status', {
      token: admin.token,
    });
    expect(status.body.data).toMatchObject({ simulator: true, pausedUntil: null });
  });

  it('is for administrators only', async () => {
    const m = await signedInMember(t);
    expect(
      (await call(t.app, 'POST', '/api/admin/exchange/diagnostics', { token: m.token, body: {} }))
        .status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/exchange/status')).status).toBe(401);
  });
});
