import type { AdminClaim, AdminClaims } from '@ctn/contracts/operator';
import type { OperatorFacts, PublicClaims } from '@ctn/contracts/operator-facts';
import type { LaunchChecklist } from '@ctn/contracts/launch-checklist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';
import { ConfigError, parseConfig } from '../../config';
import { operatorCheck } from '../launch-checklist/operator-check';

let t: TestApp;
let admin: { token: string };

beforeAll(
  async () =>
    ({ t, admin } = await appWithAdmin({
      OPERATOR_LEGAL_NAME: 'Example Trading Ltd',
      SUPPORT_CHANNELS: '@ctn_help, Help desk=https://help.example.com',
    })),
);
afterAll(() => t.close());

const FACTS: OperatorFacts = {
  legalName: 'CopyTrade Network Ltd',
  address: '1 Harbour Street, Victoria, Mahé',
  jurisdiction: 'Seychelles',
  supportChannels: [{ label: 'Telegram', url: 'https://t.me/ctn_support' }],
  supportHours: 'Mon-Fri 09:00-18:00 UTC',
  legalEffectiveDate: '2026-12-01',
};

const publicFacts = async () =>
  (await call<OperatorFacts>(t.app, 'GET', '/api/public/operator')).body.data!;
const publicClaims = async () =>
  (await call<PublicClaims>(t.app, 'GET', '/api/public/claims')).body.data!;
const checklistLines = async () =>
  (
    await call<LaunchChecklist>(t.app, 'GET', '/api/admin/launch-checklist?fresh=true', {
      token: admin.token,
    })
  ).body.data!.results.filter((r) => r.check === 'support' || r.check === 'operator named');

describe('the operator’s facts', () => {
  it('come from the environment until saved; unset stays null, never invented', async () => {
    expect(await publicFacts()).toEqual({
      legalName: 'Example Trading Ltd',
      address: null,
      jurisdiction: null,
      supportChannels: [
        { label: 'Telegram', url: 'https://t.me/ctn_help' },
        { label: 'Help desk', url: 'https://help.example.com' },
      ],
      supportHours: null,
      legalEffectiveDate: null,
    });
  });

  it('a malformed variable stops the start with one line naming it', () => {
    const start = (env: Record<string, string>) => () =>
      parseConfig({ NODE_ENV: 'test', ...env }, { storeGeneratedSecret: false });
    expect(start({ SUPPORT_CHANNELS: 'Telegram=http://t.me/x' })).toThrow(ConfigError);
    expect(start({ SUPPORT_CHANNELS: 'Telegram=http://t.me/x' })).toThrow(/SUPPORT_CHANNELS/);
    expect(start({ LEGAL_EFFECTIVE_DATE: '2026-02-30' })).toThrow(/LEGAL_EFFECTIVE_DATE/);
  });

  it('until support is set the launch checklist fails, naming the variables', async () => {
    const [support, named] = await checklistLines();
    expect(support).toMatchObject({ state: 'fail', variable: 'SUPPORT_EMAIL, SUPPORT_HOURS' });
    expect(named).toMatchObject({
      state: 'fail',
      variable: 'OPERATOR_ADDRESS, OPERATOR_JURISDICTION, LEGAL_EFFECTIVE_DATE',
    });
  });

  it('only an administrator saves them; a bad date or http channel is refused', async () => {
    const member = await signedInMember(t);
    expect(
      (
        await call(t.app, 'PUT', '/api/admin/settings/operator', {
          token: member.token,
          body: FACTS,
        })
      ).status,
    ).toBe(403);
    const bad = await call(t.app, 'PUT', '/api/admin/settings/operator', {
      token: admin.token,
      body: {
        ...FACTS,
        legalEffectiveDate: '01/12/2026',
        supportChannels: [{ label: 'Telegram', url: 'http://t.me/x' }],
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The date must be written YYYY-MM-DD');
    expect(JSON.stringify(bad.body)).toContain('must be an https:// address');
  });

  it('saved facts are public at once, audited, and pass the checklist with a mailbox', async () => {
    const saved = await call(t.app, 'PUT', '/api/admin/settings/operator', {
      token: admin.token,
      body: FACTS,
    });
    expect(saved.status).toBe(200);
    expect(await publicFacts()).toEqual(FACTS);
    const audit = await call<{ entries: { action: string; target: { id: string } }[] }>(
      t.app,
      'GET',
      '/api/admin/audit-log?action=SETTINGS_UPDATED',
      { token: admin.token },
    );
    expect(audit.body.data!.entries.some((e) => e.target.id === 'operator')).toBe(true);
    // The checklist keeps its results for a few seconds: its operator line is run anew here.
    const [support, named] = await operatorLines();
    expect(support).toMatchObject({ state: 'fail', variable: 'SUPPORT_EMAIL' });
    expect(named).toMatchObject({ state: 'ok' });
    await t.services.site.saveLinks(
      { id: (await adminId()) ?? '', email: 'admin@example.com', ip: '127.0.0.1' },
      { ...(await t.services.site.links()), supportEmail: 'help@ctn.example.com' },
    );
    expect((await operatorLines())[0]).toMatchObject({ state: 'ok' });
  });
});

const operatorLines = () =>
  operatorCheck(async () => ({
    facts: await t.services.operator.facts(),
    supportEmail: (await t.services.site.links()).supportEmail,
    from: 'as published',
  })).run();

async function adminId(): Promise<string | undefined> {
  const me = await call<{ _id: string }>(t.app, 'GET', '/api/users/profile', {
    token: admin.token,
  });
  return me.body.data?._id;
}

describe('the marketing claims', () => {
  const claimPath = (id: string) => `/api/admin/settings/claims/${id}`;

  it('ship the spec’s text; a return or ranking claim is left out until confirmed', async () => {
    const shown = await publicClaims();
    expect(shown.heroHeadline).toBeNull();
    expect(shown.benefitReturn).toBeNull();
    expect(shown.heroWithdrawals).toBeNull();
    expect(shown.statPartner).toBeNull();
    expect(shown.benefitShared).toMatchObject({ figure: '15%' });
    const admin_ = await call<AdminClaims>(t.app, 'GET', '/api/admin/settings/claims', {
      token: admin.token,
    });
    const ret = admin_.body.data!.claims.find((c) => c.id === 'benefitReturn')!;
    expect(ret).toMatchObject({
      kind: 'return',
      needsConfirmation: true,
      shown: false,
      confirmation: null,
      parts: { figure: '5-10%', title: 'Monthly return generally seen' },
    });
  });

  it('the admin view puts the disclosure’s 30-day figures and the fee beside the claims', async () => {
    await t.services.disclosure.build();
    const answer = await call<AdminClaims>(t.app, 'GET', '/api/admin/settings/claims', {
      token: admin.token,
    });
    expect(answer.body.data!.evidence).toMatchObject({
      days: 30,
      medianMicro: expect.any(String),
      feeMicro: '10000000',
    });
  });

  it('confirming shows it, audited with who and when; unconfirming hides it again', async () => {
    const confirmed = await call<AdminClaim>(
      t.app,
      'POST',
      `${claimPath('benefitReturn')}/confirmation`,
      { token: admin.token },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data!.confirmation).toMatchObject({ byEmail: 'admin@example.com' });
    expect((await publicClaims()).benefitReturn).toMatchObject({ figure: '5-10%' });

    const unconfirmed = await call<AdminClaim>(
      t.app,
      'DELETE',
      `${claimPath('benefitReturn')}/confirmation`,
      { token: admin.token },
    );
    expect(unconfirmed.body.data!.shown).toBe(false);
    expect((await publicClaims()).benefitReturn).toBeNull();

    const audit = await call<{
      entries: {
        action: string;
        actor: { email: string };
        target: { id: string };
        createdAt: string;
      }[];
    }>(t.app, 'GET', '/api/admin/audit-log', { token: admin.token });
    const actions = audit.body
      .data!.entries.filter((e) => e.target.id === 'benefitReturn')
      .map((e) => [e.action, e.actor.email]);
    expect(actions).toEqual([
      ['CLAIM_UNCONFIRMED', 'admin@example.com'],
      ['CLAIM_CONFIRMED', 'admin@example.com'],
    ]);
  });

  it('changing a confirmed claim’s words withdraws the confirmation', async () => {
    await call(t.app, 'POST', `${claimPath('heroHeadline')}/confirmation`, { token: admin.token });
    expect((await publicClaims()).heroHeadline).toEqual({ text: '#1 AI COPY TRADING Network' });
    const edited = await call<AdminClaim>(t.app, 'PUT', claimPath('heroHeadline'), {
      token: admin.token,
      body: { parts: { text: '#1 copy trading network in Europe' } },
    });
    expect(edited.body.data).toMatchObject({ shown: false, confirmation: null, isDefault: false });
    expect((await publicClaims()).heroHeadline).toBeNull();
  });

  it('a plain claim is edited and shown at once; it cannot be confirmed; parts must match', async () => {
    const edited = await call(t.app, 'PUT', claimPath('statLevels'), {
      token: admin.token,
      body: { parts: { title: '15 levels', text: 'Fifteen levels of referrals.' } },
    });
    expect(edited.status).toBe(200);
    expect((await publicClaims()).statLevels).toEqual({
      title: '15 levels',
      text: 'Fifteen levels of referrals.',
    });
    const confirm = await call(t.app, 'POST', `${claimPath('statLevels')}/confirmation`, {
      token: admin.token,
    });
    expect(confirm.status).toBe(400);
    const wrongParts = await call(t.app, 'PUT', claimPath('statLevels'), {
      token: admin.token,
      body: { parts: { title: 'Only a title' } },
    });
    expect(wrongParts.status).toBe(400);
    expect(JSON.stringify(wrongParts.body)).toContain('Missing: text');
  });
});
