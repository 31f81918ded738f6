import type {
  ExchangeDiagnostics,
  ExchangeStatus,
  VolumeFields,
} from '@ctn/contracts/exchange-diagnostics';
import { sql } from 'drizzle-orm';
import type { BingxClient } from '../../integrations/exchange/bingx-client';
import { exchangeDayAt } from '../../integrations/exchange/bingx-days';
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
      ['/openApi/v1/account/apiPermissions', false],
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
    expect(report.status).toMatchObject({
      simulator: true,
      commissionApi: 'v2',
      ratePerSecond: 5,
      copyVolumeFields: ['extCopyTradingVolume'],
    });
    expect(report.clock).toMatchObject({ answered: true, tooFar: false });
    expect(Math.abs(report.clock.skewMs!)).toBeLessThan(1000);
    expect(report.permissions).toBeNull();
  });

  it('names a clock 10 s off BingX, whose signed calls all fail', async () => {
    simulator().clockOffsetMs = 10_000;
    const report = (await diagnose()).body.data!;
    simulator().clockOffsetMs = 0;
    expect(report.clock).toMatchObject({ answered: true, tooFar: true });
    expect(report.probes[0]).toMatchObject({ code: 100421 });
    expect(report.summary).toMatch(/^This server's clock is -10\.\d s off BingX's server time/);
  });

  it("shows every volume field's 30-day total for linked members, so the copying one stands out", async () => {
    const day = (back: number) => exchangeDayAt(new Date(Date.now() - back * 86_400_000));
    simulator().setAccount('88000001', {
      invited: true,
      days: {
        [day(3)]: {
          tradingVolume: '100',
          commissionVolume: '1',
          copyTradingVolume: '0',
          fields: { swapTradingVolume: '60.5' },
        },
        [day(5)]: {
          tradingVolume: '50',
          commissionVolume: '1',
          copyTradingVolume: '0',
          fields: { swapTradingVolume: '39.5' },
        },
        [day(40)]: { tradingVolume: '999', commissionVolume: '9', copyTradingVolume: '999' },
      },
    });
    const m = await signedInMember(t);
    await t.database.db.execute(
      sql`update users set bingx_uid = '88000001', bingx_linked_at = now() + interval '1 day' where id = ${m.user._id}`,
    );
    const answer = await call<VolumeFields>(t.app, 'POST', '/api/admin/exchange/volume-fields', {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    const report = answer.body.data!;
    expect(report.copyVolumeFields).toEqual(['extCopyTradingVolume']);
    expect(report.fields).toEqual([
      'commissionVolume',
      'extCopyTradingVolume',
      'swapTradingVolume',
      'tradingVolume',
    ]);
    expect(report.members[0]).toMatchObject({
      uid: '88000001',
      rows: 2,
      copySum: '0',
      error: null,
      totals: {
        tradingVolume: '150',
        swapTradingVolume: '100',
        extCopyTradingVolume: '0',
        commissionVolume: '2',
      },
    });
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

  it('19 error answers on one endpoint pause it and mail the administrators', async () => {
    const transport = (t.services.peers.exchange as BingxClient).transport;
    const path = '/openApi/agent/v1/not-an-endpoint';
    for (let i = 0; i < 25; i++) await transport.get(path, {}, 'jobs').catch(() => undefined);
    expect(simulator().requestPaths.filter((p) => p === path)).toHaveLength(19);
    const status = await call<ExchangeStatus>(t.app, 'GET', '/api/admin/exchange/status', {
      token: admin.token,
    });
    expect(status.body.data!.pauses.map((p) => p.scope)).toContain(path);
    expect(status.body.data!.errorAnswers[path]).toBe(19);
    await expect
      .poll(async () =>
        (await t.services.mail.listMailbox()).find(
          (m) =>
            m.toAddress === 'admin@example.com' && m.subject.startsWith('BingX endpoint paused'),
        ),
      )
      .toBeTruthy();
  }, 30_000);

  it('is for administrators only', async () => {
    const m = await signedInMember(t);
    expect(
      (await call(t.app, 'POST', '/api/admin/exchange/diagnostics', { token: m.token, body: {} }))
        .status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/exchange/status')).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/admin/exchange/volume-fields', { token: m.token })).status,
    ).toBe(403);
  });
});
