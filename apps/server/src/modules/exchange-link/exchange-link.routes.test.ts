import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BingxClient } from '../../integrations/exchange/bingx-client';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  nextIp,
  paidMember,
  signedInMember,
  signedInAdmin,
  type TestApp,
} from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const link = (token: string, bingXUID: unknown, ip = nextIp()) =>
  call<{ bingXUID: string | null }>(t.app, 'PUT', '/api/users/bingx-uid', {
    token,
    body: { bingXUID },
    ip,
  });
const simulator = () => t.services.peers.bingxSimulator!;
const eligible = { invited: true, kycDone: true, deposited: true, balanceUsdt: '150' };

describe('PUT /api/users/bingx-uid against the BingX simulator', () => {
  it('links an eligible UID, trimmed, and answers the updated user', async () => {
    const member = await paidMember(t);
    const answer = await link(member.token, '  12345678  ');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'BINGX_UID_LINKED',
      data: { bingXUID: '12345678' },
    });
  });

  it.each([
    ['22222222', 'BINGX_UID_INELIGIBLE', 'UID is not eligible.'],
    ['33333333', 'BINGX_UID_INCOMPLETE_KYC', 'KYC not completed.'],
    ['44444444', 'BINGX_UID_INSUFFICIENT_DEPOSIT', 'Does not meet the minimum deposit.'],
    ['77777777', 'BINGX_UID_INELIGIBLE', 'UID is not eligible.'],
    ['abc-123', 'BINGX_UID_INELIGIBLE', 'UID is not eligible.'],
  ])('refuses %s: %s, and stores nothing', async (uid, code, text) => {
    const member = await paidMember(t);
    const answer = await link(member.token, uid);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errorCode: code, error: text });
    expect(
      (
        await call<{ bingXUID: string | null }>(t.app, 'GET', '/api/users/profile', {
          token: member.token,
        })
      ).body.data!.bingXUID,
    ).toBeNull();
  });

  it('refuses a UID of 20 digits before asking BingX (a long is at most 19)', async () => {
    const member = await paidMember(t);
    const before = simulator().requestTimes.length;
    const answer = await link(member.token, '12345678901234567890');
    expect(answer.body).toMatchObject({ errorCode: 'BINGX_UID_INELIGIBLE' });
    expect(simulator().requestTimes.length).toBe(before);
  });

  it('asks for a UID when it is empty or blank', async () => {
    const member = await paidMember(t);
    for (const value of ['', '   ']) {
      const answer = await call<{ errors: { message: string }[] }>(
        t.app,
        'PUT',
        '/api/users/bingx-uid',
        { token: member.token, body: { bingXUID: value } },
      );
      expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
      expect(answer.body.data!.errors[0]!.message).toBe('Please enter your BingX UID');
    }
  });

  it('links once: a second UID is BINGX_UID_ALREADY_SET', async () => {
    const member = await paidMember(t);
    t.services.peers.bingxSimulator!.setAccount('55555501', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '100.00',
    });
    t.services.peers.bingxSimulator!.setAccount('55555502', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '100',
    });
    expect((await link(member.token, '55555501')).status).toBe(200);
    const again = await link(member.token, '55555502');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorCode: 'BINGX_UID_ALREADY_SET',
      error: 'UID already set and cannot be changed.',
    });
  });

  it('a UID belongs to one account: BINGX_UID_ALREADY_EXISTS, also when two members race for it', async () => {
    t.services.peers.bingxSimulator!.setAccount('66666601', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '150',
    });
    const [a, b, c] = [await paidMember(t), await paidMember(t), await paidMember(t)];
    const raced = await Promise.all([link(a.token, '66666601'), link(b.token, '66666601')]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    const late = await link(c.token, '66666601');
    expect(late.body).toMatchObject({
      errorCode: 'BINGX_UID_ALREADY_EXISTS',
      error: 'UID linked to another account.',
    });
  });

  it('exactly 100 USDT is enough; 99.999999 is not', async () => {
    t.services.peers.bingxSimulator!.setAccount('88888801', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '99.999999',
    });
    const member = await paidMember(t);
    expect((await link(member.token, '88888801')).body.errorCode).toBe(
      'BINGX_UID_INSUFFICIENT_DEPOSIT',
    );
  });
});

describe('linking is onboarding step 2, and guarded', () => {
  it('needs a paid subscription first: SUBSCRIPTION_REQUIRED_TO_LINK, and asks BingX nothing', async () => {
    const member = await signedInMember(t);
    const before = simulator().requestTimes.length;
    const answer = await link(member.token, '12345678');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      errorCode: 'SUBSCRIPTION_REQUIRED_TO_LINK',
      error: 'Pay your subscription first: linking your BingX account is the second step.',
    });
    expect(simulator().requestTimes.length).toBe(before);
  });

  it('takes 5 attempts an hour per member', async () => {
    const member = await paidMember(t);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await link(member.token, '22222222')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('never links on a figure BingX left out: EXCHANGE_UNAVAILABLE', async () => {
    simulator().setAccount('91000001', eligible);
    const member = await paidMember(t);
    simulator().mode = 'sparse';
    try {
      const answer = await link(member.token, '91000001');
      expect(answer.status).toBe(503);
      expect(answer.body.errorCode).toBe('EXCHANGE_UNAVAILABLE');
    } finally {
      simulator().mode = 'normal';
    }
    expect((await link(member.token, '91000001')).status).toBe(200);
  });

  it('records how the UID was invited and when it registered; indirect ones only if allowed', async () => {
    const registerTime = Date.UTC(2025, 5, 1, 12);
    simulator().setAccount('91000002', { ...eligible, directInvitation: false, registerTime });
    const admin = await signedInAdmin(t);
    const system = await t.services.settings.system();
    await call(t.app, 'PUT', '/api/admin/settings/system', {
      token: admin.token,
      body: { ...system, indirectInvitationsEligible: false },
    });
    const member = await paidMember(t);
    expect((await link(member.token, '91000002')).body.errorCode).toBe('BINGX_UID_INELIGIBLE');
    await call(t.app, 'PUT', '/api/admin/settings/system', {
      token: admin.token,
      body: { ...system, indirectInvitationsEligible: true },
    });
    expect((await link(member.token, '91000002')).status).toBe(200);
    const [row] = await rowsOf<{ direct: boolean; registered: Date; linked: Date | null }>(
      t.database.db,
      sql`select bingx_direct_invitation as direct, bingx_registered_at as registered,
                 bingx_linked_at as linked from users where id = ${member.user._id}`,
    );
    expect(row!.direct).toBe(false);
    expect(row!.registered.getTime()).toBe(registerTime);
    expect(row!.linked).not.toBeNull();
  });
});

describe('when BingX cannot be reached', () => {
  let base: TestApp;
  let down: TestApp;
  beforeAll(async () => {
    base = await createTestApp();
    const peers = {
      ...base.services.peers,
      exchange: new BingxClient({
        baseUrl: 'http://127.0.0.1:9',
        apiKey: 'k',
        apiSecret: 's',
        backoffMs: 1,
        maxRetries: 1,
      }),
    };
    down = await createTestApp({}, { peers });
  });
  afterAll(async () => {
    await down.close();
    await base.close();
  });

  it('answers EXCHANGE_UNAVAILABLE and stores nothing', async () => {
    const member = await paidMember(down);
    const answer = await call(down.app, 'PUT', '/api/users/bingx-uid', {
      token: member.token,
      body: { bingXUID: '12345678' },
    });
    expect(answer.status).toBe(503);
    expect(answer.body.errorCode).toBe('EXCHANGE_UNAVAILABLE');
    expect(
      (
        await call<{ bingXUID: string | null }>(down.app, 'GET', '/api/users/profile', {
          token: member.token,
        })
      ).body.data!.bingXUID,
    ).toBeNull();
  });
});

describe('POST /api/users/bingx-uid/check: eligibility without linking', () => {
  const check = (token: string, bingXUID: string, ip = nextIp()) =>
    call<{
      uid: string;
      eligible: boolean | null;
      takenByOther: boolean;
      criteria: { key: string; ok: boolean | null; figure: string | null }[];
    }>(t.app, 'POST', '/api/users/bingx-uid/check', { token, body: { bingXUID }, ip });

  it('needs a paid subscription, as linking does, and asks BingX nothing before', async () => {
    simulator().setAccount('92000010', { ...eligible, balanceUsdt: '4321.09' });
    const member = await signedInMember(t);
    const calls = simulator().requestTimes.length;
    const answer = await check(member.token, '92000010');
    expect(answer.status).toBe(409);
    expect(answer.body.errorCode).toBe('SUBSCRIPTION_REQUIRED_TO_LINK');
    expect(JSON.stringify(answer.body)).not.toContain('4321');
    expect(simulator().requestTimes.length).toBe(calls);
  });

  it('says what is met and what is missing, never the balance, storing nothing', async () => {
    simulator().setAccount('92000001', { ...eligible, kycDone: false, balanceUsdt: '42.10' });
    const member = await paidMember(t);
    const answer = await check(member.token, ' 92000001 ');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      uid: '92000001',
      eligible: false,
      takenByOther: false,
      criteria: [
        { key: 'INVITED', ok: true, figure: null },
        { key: 'KYC', ok: false, figure: null },
        { key: 'DEPOSIT', ok: false, figure: null },
      ],
    });
    expect(JSON.stringify(answer.body)).not.toContain('42.1');
    const [row] = await rowsOf<{ uid: string | null }>(
      t.database.db,
      sql`select bingx_uid as uid from users where email = ${member.email}`,
    );
    expect(row!.uid).toBeNull();
    simulator().setAccount('92000002', eligible);
    expect((await check(member.token, '92000002')).body.data).toMatchObject({
      eligible: true,
      criteria: [{ ok: true }, { ok: true }, { ok: true, figure: null }],
    });
  });

  it('answers unknown, never no or yes, for a figure BingX left out', async () => {
    simulator().setAccount('92000003', eligible);
    const member = await paidMember(t);
    simulator().mode = 'sparse';
    try {
      const answer = (await check(member.token, '92000003')).body.data!;
      expect(answer.eligible).toBeNull();
      expect(answer.criteria.some((c) => c.ok === null)).toBe(true);
      expect(answer.criteria.every((c) => c.ok !== false)).toBe(true);
    } finally {
      simulator().mode = 'normal';
    }
  });

  it("tells a paid member neither a stranger's balance nor that another member holds it", async () => {
    simulator().setAccount('92000004', { ...eligible, balanceUsdt: '98765.43' });
    const owner = await paidMember(t);
    expect((await link(owner.token, '92000004')).status).toBe(200);
    const member = await paidMember(t);
    const answer = await check(member.token, '92000004');
    expect(answer.body.data).toMatchObject({ takenByOther: false });
    expect(answer.body.data!.criteria.every((c) => c.figure === null)).toBe(true);
    expect(JSON.stringify(answer.body)).not.toContain('98765');
    expect((await check(member.token, 'abc')).body.errorCode).toBe('VALIDATION_ERROR');
  });
});

describe('UID probes take their turn before any answer', () => {
  const probes = {
    check: (token: string, ip: string) =>
      call(t.app, 'POST', '/api/users/bingx-uid/check', {
        token,
        body: { bingXUID: '92000020' },
        ip,
      }),
    link: (token: string, ip: string) => link(token, '92000020', ip),
    claims: (token: string, ip: string) =>
      call(t.app, 'POST', '/api/users/bingx-uid/claims', {
        token,
        body: { bingXUID: '92000021', message: 'This is my BingX account, see my KYC.' },
        ip,
      }),
  };

  for (const [name, probe] of Object.entries(probes)) {
    it(`${name}: 40 probes in a row meet 429 after 5, also unpaid or for a UID nobody holds`, async () => {
      simulator().setAccount('92000020', { ...eligible, kycDone: false });
      const member = await signedInMember(t);
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await probe(member.token, ip)).status);
      expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    });

    it(`${name}: 40 probes sent at once answer at most 5 times`, async () => {
      const member = await paidMember(t);
      const ip = nextIp();
      const answers = await Promise.all(Array.from({ length: 40 }, () => probe(member.token, ip)));
      expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status < 500)).toBe(true);
    });
  }

  it('the turns are one budget: claims after checks meet 429', async () => {
    const member = await paidMember(t);
    const ip = nextIp();
    for (let i = 0; i < 5; i++) await probes.check(member.token, ip);
    expect((await probes.claims(member.token, ip)).status).toBe(429);
  });
});
