import type { RiskSignal, RiskSignalsResponse } from '@ctn/contracts/risk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithAdmin,
  call,
  nextIp,
  paidMember,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { rowsOf } from '../../db/client';
import { RISK_RULES } from './risk-rules';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const signals = async (show: 'open' | 'all' = 'open') =>
  (
    await call<RiskSignalsResponse>(t.app, 'GET', `/api/admin/risk?show=${show}`, {
      token: admin.token,
    })
  ).body.data!.signals;
/** The signals of `kind` naming member `id`. */
const signalsOf = async (kind: RiskSignal['kind'], id: string, show: 'open' | 'all' = 'open') =>
  (await signals(show)).filter((s) => s.kind === kind && s.members.some((m) => m._id === id));
const markReviewed = (key: string, token = admin.token) =>
  call<RiskSignal>(t.app, 'POST', '/api/admin/risk/reviews', { token, body: { key } });

let addressCounter = 0;
const withdrawalAddress = () => `0x${(addressCounter += 1).toString(16).padStart(40, 'a')}`;

describe('risk center', () => {
  it('is for administrators only', async () => {
    const member = await signedInMember(t);
    expect((await call(t.app, 'GET', '/api/admin/risk')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/risk', { token: member.token })).status).toBe(403);
    const asMember = await markReviewed('SIGN_UP_BURST:x', member.token);
    expect(asMember.status).toBe(403);
  });

  it('finds members who signed in from one address, and from one browser', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const loner = await signedInMember(t);
    const ip = nextIp();
    await exec(sql`insert into member_logins (user_id, ip) values
      (${a.user._id}, ${ip}), (${b.user._id}, ${ip}), (${loner.user._id}, ${nextIp()})`);
    const [shared] = await signalsOf('SHARED_SIGN_IN_ADDRESS', a.user._id);
    expect(shared!.members.map((m) => m.email).sort()).toEqual([a.email, b.email].sort());
    expect(shared!.evidence).toBe(`2 members signed in from ${ip}`);
    expect(await signalsOf('SHARED_SIGN_IN_ADDRESS', loner.user._id)).toEqual([]);

    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Shared/1.0';
    await exec(sql`insert into user_sessions (user_id, ip, user_agent, expires_at) values
      (${a.user._id}, ${ip}, ${browser}, now() + interval '1 day'),
      (${b.user._id}, ${ip}, ${browser}, now() + interval '1 day')`);
    const [device] = await signalsOf('SHARED_DEVICE', b.user._id);
    expect(device!.members).toHaveLength(2);
    expect(device!.evidence).toContain('Shared/1.0');
  });

  it('ignores sign-ins older than the look-back', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const ip = nextIp();
    await exec(sql`insert into member_logins (user_id, ip, created_at) values
      (${a.user._id}, ${ip}, now() - make_interval(days => ${RISK_RULES.lookbackDays + 1})),
      (${b.user._id}, ${ip}, now())`);
    expect(await signalsOf('SHARED_SIGN_IN_ADDRESS', a.user._id)).toEqual([]);
  });

  it('finds a withdrawal address used by two members, whatever its case', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const address = withdrawalAddress();
    await exec(sql`insert into withdrawals (user_id, amount_micro, wallet_address, status) values
      (${a.user._id}, 1000000, ${address}, 'REJECTED'),
      (${b.user._id}, 2000000, ${address.toUpperCase().replace('0X', '0x')}, 'PENDING')`);
    const [shared] = await signalsOf('SHARED_WITHDRAWAL_ADDRESS', a.user._id);
    expect(shared!.members.map((m) => m._id).sort()).toEqual([a.user._id, b.user._id].sort());
    expect(shared!.evidence).toBe(`2 members asked to be paid to ${address}`);
  });

  it('finds an upline and a downline three levels down sharing an address', async () => {
    const top = await signedInMember(t);
    const mid = await signedInMember(t, { referredByCode: top.user.referralCode });
    const mid2 = await signedInMember(t, { referredByCode: mid.user.referralCode });
    const bottom = await signedInMember(t, { referredByCode: mid2.user.referralCode });
    const address = withdrawalAddress();
    await exec(sql`insert into withdrawals (user_id, amount_micro, wallet_address, status) values
      (${top.user._id}, 1000000, ${address}, 'REJECTED'),
      (${bottom.user._id}, 1000000, ${address}, 'REJECTED')`);
    const loops = await signalsOf('REFERRAL_LOOP', bottom.user._id);
    expect(loops).toHaveLength(1);
    expect(loops[0]!.members.map((m) => m._id)).toEqual([top.user._id, bottom.user._id]);
    expect(loops[0]!.evidence).toBe(
      `Upline and their level-3 downline share the withdrawal address ${address}`,
    );
    // Not up and down one chain: no loop, only the shared address.
    expect(await signalsOf('REFERRAL_LOOP', mid.user._id)).toEqual([]);
  });

  it(`finds ${RISK_RULES.burstSignUps} sign-ups under one code within the hour, not ${RISK_RULES.burstSignUps - 1}`, async () => {
    const sponsor = await signedInMember(t);
    const quiet = await signedInMember(t);
    const insertSignUps = (referrer: string, n: number) =>
      exec(sql`insert into users (first_name, last_name, email, referral_code, referred_by, created_at)
        select 'Burst', 'Member', 'burst.' || ${referrer} || '.' || g || '@example.com',
               'B' || substr(md5(${referrer} || g), 1, 10), ${referrer}::uuid,
               now() - make_interval(mins => g * 5)
        from generate_series(1, ${n}) g`);
    await insertSignUps(sponsor.user._id, RISK_RULES.burstSignUps);
    await insertSignUps(quiet.user._id, RISK_RULES.burstSignUps - 1);
    const [burst] = await signalsOf('SIGN_UP_BURST', sponsor.user._id);
    expect(burst!.evidence).toBe(
      `${RISK_RULES.burstSignUps} sign-ups within 60 minutes under ${sponsor.user.referralCode}`,
    );
    expect(await signalsOf('SIGN_UP_BURST', quiet.user._id)).toEqual([]);
  });

  it('finds a member checking many UIDs, recorded by the check itself', async () => {
    const prober = await paidMember(t);
    const answer = await call(t.app, 'POST', '/api/users/bingx-uid/check', {
      token: prober.token,
      body: { bingXUID: '55500001' },
      ip: nextIp(),
    });
    expect(answer.status).toBeLessThan(500);
    const rows = await rowsOf<{ uid: string }>(
      t.database.db,
      sql`select uid from uid_check_attempts where user_id = ${prober.user._id}`,
    );
    expect(rows.map((r) => r.uid)).toEqual(['55500001']);
    expect(await signalsOf('UID_PROBES', prober.user._id)).toEqual([]);
    await exec(sql`insert into uid_check_attempts (user_id, uid, ip)
      select ${prober.user._id}, (55600000 + g)::text, '203.0.113.9'
      from generate_series(1, ${RISK_RULES.uidProbeDistinctUids - 1}) g`);
    const [probes] = await signalsOf('UID_PROBES', prober.user._id);
    expect(probes!.evidence).toBe(
      `${RISK_RULES.uidProbeDistinctUids} different UIDs checked in one day, from 2 address(es)`,
    );
  });

  it('finds wrong second-factor codes on one account', async () => {
    const target = await signedInMember(t);
    await exec(sql`insert into security_events (user_id, kind, ip)
      select ${target.user._id}, 'TWO_FACTOR_CODE_WRONG', '198.51.100.' || g
      from generate_series(1, ${RISK_RULES.secondFactorFailures}) g`);
    const [attack] = await signalsOf('SECOND_FACTOR_ATTACK', target.user._id);
    expect(attack!.evidence).toBe(
      `${RISK_RULES.secondFactorFailures} wrong second-factor codes in one day, from 3 address(es)`,
    );
  });

  it('marks a signal reviewed, audited; it leaves the open list and stays under all', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const ip = nextIp();
    await exec(sql`insert into member_logins (user_id, ip) values
      (${a.user._id}, ${ip}), (${b.user._id}, ${ip})`);
    const [signal] = await signalsOf('SHARED_SIGN_IN_ADDRESS', a.user._id);
    const marked = await markReviewed(signal!.key);
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ key: signal!.key, reviewedBy: 'admin@example.com' });
    expect(await signalsOf('SHARED_SIGN_IN_ADDRESS', a.user._id)).toEqual([]);
    const [kept] = await signalsOf('SHARED_SIGN_IN_ADDRESS', a.user._id, 'all');
    expect(kept!.reviewedAt).not.toBeNull();
    const log = await call<{ entries: { action: string; target: { id: string } }[] }>(
      t.app,
      'GET',
      '/api/admin/audit-log?action=RISK_SIGNAL_REVIEWED',
      { token: admin.token },
    );
    expect(log.body.data!.entries.filter((e) => e.target.id === signal!.key)).toHaveLength(1);
    // A second mark changes nothing and is not audited again.
    expect((await markReviewed(signal!.key)).status).toBe(200);
    const again = await call<{ entries: { target: { id: string } }[] }>(
      t.app,
      'GET',
      '/api/admin/audit-log?action=RISK_SIGNAL_REVIEWED',
      { token: admin.token },
    );
    expect(again.body.data!.entries.filter((e) => e.target.id === signal!.key)).toHaveLength(1);

    // A third member on the address is a new set of members: a new, open signal.
    const c = await signedInMember(t);
    await exec(sql`insert into member_logins (user_id, ip) values (${c.user._id}, ${ip})`);
    const [grown] = await signalsOf('SHARED_SIGN_IN_ADDRESS', c.user._id);
    expect(grown!.members).toHaveLength(3);
  });

  it('refuses to mark what is not a signal', async () => {
    const answer = await markReviewed('SHARED_SIGN_IN_ADDRESS:10.9.9.9:nothing');
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe('RISK_SIGNAL_NOT_FOUND');
  });
});
