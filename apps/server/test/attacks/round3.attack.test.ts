import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/two-factor/totp';
import { anvilAvailable } from '../evm/anvil';
import { usingPostgres } from '../test-app';
import { startProductionWorld, type ProductionWorld } from './production';

/**
 * Security round 3's attacks (docs/security.md), made over HTTP against the production build on
 * PostgreSQL, as an attacker would: each must fail. The in-process tests beside each module prove
 * every control in detail; this proves the controls hold in the artefact that is deployed, with
 * its real mail, chain and exchange peers. PostgreSQL only (production refuses anything else).
 */
const runnable = usingPostgres() && anvilAvailable();

const ADMIN = {
  email: 'ops@copytrade-network.org',
  password: 'Ops@Password2026',
  totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
};
const PASSWORD = 'Str0ng@Pass';

let world: ProductionWorld;
const ROOT_CODE = 'ATTACKROOT';
let address = 0;
/** Every attacker and victim on an address of their own (the proxy's X-Forwarded-For). */
const nextAddress = () => `198.51.100.${++address}`;

/** The first link of the newest mail the relay accepted for `email`, and its subject. */
async function mailTo(email: string, subject?: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = [...world.relay.received]
      .reverse()
      .find(
        (m) =>
          m.to !== undefined &&
          [m.to].flat().some((a) => a.text.toLowerCase().includes(email)) &&
          (subject === undefined || m.subject === subject),
      );
    if (mail) {
      const link = (mail.text ?? '').match(/https?:\/\/\S+/)?.[0] ?? '';
      const token = link ? (new URL(link).searchParams.get('token') ?? '') : '';
      return { subject: mail.subject ?? '', text: mail.text ?? '', token };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} (${subject ?? 'any'})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits into the next 30-second window, so a code is not refused as a replay. */
async function nextWindow(): Promise<void> {
  const window = Math.floor(Date.now() / 30_000);
  while (Math.floor(Date.now() / 30_000) === window) await new Promise((r) => setTimeout(r, 250));
}

const login = (email: string, password: string, code?: string, from = nextAddress()) =>
  world.call<{ token: string }>('POST', '/api/users/login', {
    body: { email, password, ...(code ? { totpCode: code } : {}) },
    from,
  });

let members = 0;
/** Registers from its own address, verifies through the relayed mail, signs in. */
async function member(): Promise<{ email: string; token: string }> {
  members += 1;
  const email = `member${members}.${Date.now().toString(36)}@example.org`;
  const from = nextAddress();
  const registered = await world.call('POST', '/api/users/register', {
    body: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password: PASSWORD,
      referredByCode: ROOT_CODE,
    },
    from,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const { token } = await mailTo(email, 'Verify your email address');
  expect(
    (await world.call('POST', '/api/users/verify-email', { body: { token }, from })).status,
  ).toBe(200);
  const signedIn = await login(email, PASSWORD, undefined, from);
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return { email, token: signedIn.body.data!.token };
}

beforeAll(async () => {
  if (!runnable) return;
  world = await startProductionWorld(ADMIN, { ROOT_REFERRAL_CODE: ROOT_CODE });
}, 180_000);
afterAll(async () => {
  if (runnable) await world.close();
});

describe.runIf(runnable)('round 3 attacks against the production build', () => {
  it('1. alternating wrong codes with bare sign-ins: refused after the budget', async () => {
    const m = await member();
    const setup = await world.call<{ secret: string }>('POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: { password: PASSWORD },
    });
    const secret = setup.body.data!.secret;
    const enabled = await world.call('POST', '/api/users/two-factor/enable', {
      token: m.token,
      body: { code: totpCode(secret), password: PASSWORD },
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    const from = nextAddress();
    const answers: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 4; i++)
        answers.push(String((await login(m.email, PASSWORD, '000000', from)).body.errorCode));
      answers.push(String((await login(m.email, PASSWORD, undefined, from)).body.errorCode));
    }
    expect(answers.filter((a) => a === 'INVALID_TWO_FACTOR_CODE')).toHaveLength(5);
    await nextWindow();
    const right = await login(m.email, PASSWORD, totpCode(secret));
    expect(right.status).toBe(429);
    expect(right.body.errorCode).toBe('TWO_FACTOR_PAUSED');
    expect((await mailTo(m.email, 'Someone knows your password: change it')).text).toBeTruthy();
  }, 120_000);

  it('2. a stolen session cannot switch two-factor on without the password', async () => {
    const m = await member();
    const setup = await world.call('POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: {},
    });
    expect(setup.status).toBe(400);
    const wrong = await world.call('POST', '/api/users/two-factor/setup', {
      token: m.token,
      body: { password: 'Not-the-password1!' },
    });
    expect(wrong.body.errorCode).toBe('CURRENT_PASSWORD_INCORRECT');
    const state = await world.call<{ enabled: boolean }>('GET', '/api/users/two-factor', {
      token: m.token,
    });
    expect(state.body.data!.enabled).toBe(false);
    expect((await login(m.email, PASSWORD)).status).toBe(200);
  }, 60_000);

  it('3. a signed-out token gets 401', async () => {
    const m = await member();
    expect((await world.call('POST', '/api/users/logout', { token: m.token })).status).toBe(200);
    expect((await world.call('GET', '/api/users/profile', { token: m.token })).status).toBe(401);
  }, 60_000);

  it("4. an unpaid member learns nothing of a stranger's UID, and probes meet 429", async () => {
    world.exchange.setAccount('55550001', {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '4321.98',
      traded: true,
    });
    const m = await member();
    const check = await world.call('POST', '/api/users/bingx-uid/check', {
      token: m.token,
      body: { bingXUID: '55550001' },
    });
    expect(check.body.errorCode).toBe('SUBSCRIPTION_REQUIRED_TO_LINK');
    expect(JSON.stringify(check.body)).not.toContain('4321');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(
        (
          await world.call('POST', '/api/users/bingx-uid/claims', {
            token: m.token,
            body: { bingXUID: String(55550001 + i), message: 'This UID is mine, I registered it.' },
          })
        ).status,
      );
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  }, 120_000);

  it('5. a squatted address cannot be reset into a session', async () => {
    const victim = `victim.${Date.now().toString(36)}@example.org`;
    const squatted = await world.call('POST', '/api/users/register', {
      body: {
        firstName: 'Squatter',
        lastName: 'Upline',
        email: victim,
        password: PASSWORD,
        referredByCode: ROOT_CODE,
      },
      from: nextAddress(),
    });
    expect(squatted.status).toBe(201);
    const before = world.relay.received.length;
    expect(
      (await world.call('POST', '/api/users/forgot-password', { body: { email: victim } })).status,
    ).toBe(200);
    // The victim receives the verification mail again (naming the referrer), not a reset link.
    const deadline = Date.now() + 30_000;
    while (world.relay.received.length === before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const mail = await mailTo(victim);
    expect(mail.subject).toBe('Verify your email address');
    const reset = await world.call('POST', '/api/users/reset-password', {
      body: { token: mail.token, newPassword: 'Taken@Over2026', confirmPassword: 'Taken@Over2026' },
    });
    expect(reset.status).not.toBe(200);
    expect((await login(victim, 'Taken@Over2026')).status).not.toBe(200);
  }, 90_000);

  it('6. an exchange cycle and a CSV cycle cannot pay the same days twice', async () => {
    const admin = await login(ADMIN.email, ADMIN.password, totpCode(ADMIN.totpSecret));
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    const token = admin.body.data!.token;
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const exchange = await world.call<{ _id: string }>(
      'POST',
      '/api/rewards/admin/cycles/preview',
      {
        token,
        body: { source: 'EXCHANGE', periodStart: day(20), periodEnd: day(14) },
      },
    );
    expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
    const id = exchange.body.data!._id;
    expect(
      (await world.call('POST', `/api/rewards/admin/cycles/${id}/run`, { token, body: {} })).status,
    ).toBe(200);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const cycle = await world.call<{ status: string }>('GET', `/api/rewards/admin/cycles/${id}`, {
        token,
      });
      if (cycle.body.data?.status === 'COMPLETED') break;
      if (Date.now() > deadline) throw new Error(`cycle ${JSON.stringify(cycle.body.data)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const csv = await world.call('POST', '/api/rewards/admin/cycles/preview', {
      token,
      body: { source: 'CSV', csv: '55550001,50', periodStart: day(16), periodEnd: day(15) },
    });
    expect(csv.status).toBe(409);
    expect(csv.body.errorCode).toBe('CYCLE_PERIOD_OVERLAP');
  }, 120_000);

  it('7. ADMIN_TOTP_SECRET does not undo a re-enrolment after the secret leaked', async () => {
    // The administrator's secret leaked: the server console removes the factor...
    const reset = world.script('admin-reset-two-factor', [ADMIN.email]);
    expect(reset.status, reset.output).toBe(0);
    // ...the administrator signs in with the password and enrols a new one.
    const signedIn = await login(ADMIN.email, ADMIN.password);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const token = signedIn.body.data!.token;
    const setup = await world.call<{ secret: string }>('POST', '/api/users/two-factor/setup', {
      token,
      body: { password: ADMIN.password },
    });
    const fresh = setup.body.data!.secret;
    const enabled = await world.call('POST', '/api/users/two-factor/enable', {
      token,
      body: { code: totpCode(fresh), password: ADMIN.password },
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    // The server restarts with the leaked secret still in its environment.
    await world.restart();
    await nextWindow();
    const leaked = await login(ADMIN.email, ADMIN.password, totpCode(ADMIN.totpSecret));
    expect(leaked.body.errorCode).toBe('INVALID_TWO_FACTOR_CODE');
    expect((await login(ADMIN.email, ADMIN.password, totpCode(fresh))).status).toBe(200);
  }, 180_000);
});
