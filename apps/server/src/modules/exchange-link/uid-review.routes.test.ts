import type { RiskSignalsResponse } from '@ctn/contracts/risk';
import type { UidReviewResponse } from '@ctn/contracts/uid-reviews';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, nextIp, paidMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

let uidCounter = 94_000_000;
/** Links a fresh eligible UID that BingX says registered at `registerTime`. */
async function link(member: { token: string }, registerTime: number, invitationCode?: string) {
  const uid = String((uidCounter += 1));
  t.services.peers.bingxSimulator!.setAccount(uid, {
    invited: true,
    kycDone: true,
    deposited: true,
    balanceUsdt: '300',
    registerTime,
    ...(invitationCode ? { invitationCode } : {}),
  });
  const answer = await call(t.app, 'PUT', '/api/users/bingx-uid', {
    token: member.token,
    body: { bingXUID: uid },
    ip: nextIp(),
  });
  expect(answer.status).toBe(200);
  return uid;
}
/** The flagged-link signal of `uid` in the risk center, if any. */
async function flagOf(uid: string) {
  const answer = await call<RiskSignalsResponse>(t.app, 'GET', '/api/admin/risk', {
    token: admin.token,
  });
  return answer.body.data!.signals.find(
    (s) => s.kind === 'FLAGGED_UID_LINK' && s.evidence.startsWith(`UID ${uid}:`),
  );
}

describe('UID links flagged for review', () => {
  it('is not flagged when the UID registered at BingX after the member registered here', async () => {
    const member = await paidMember(t);
    const uid = await link(member, Date.now() + 1000);
    expect(await flagOf(uid)).toBeUndefined();
  });

  it('is flagged when the UID is older than the member', async () => {
    const upline = await paidMember(t);
    await new Promise((r) => setTimeout(r, 20));
    const between = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    const member = await paidMember(t, { referredByCode: upline.user.referralCode });
    const uid = await link(member, between);
    expect((await flagOf(uid))!.evidence).toBe(`UID ${uid}: UID_OLDER_THAN_MEMBER`);
  });

  it('is flagged when the UID is older than the upline too', async () => {
    const upline = await paidMember(t);
    const member = await paidMember(t, { referredByCode: upline.user.referralCode });
    const uid = await link(member, Date.UTC(2024, 2, 3));
    const flag = await flagOf(uid);
    expect(flag!.evidence).toBe(`UID ${uid}: UID_OLDER_THAN_MEMBER, UID_OLDER_THAN_UPLINE`);
    expect(flag!.members.map((m) => m._id)).toEqual([member.user._id]);
    // Once the UID is off the account (a claim unlinked it), the flag is no longer listed.
    await t.database.db.execute(
      sql`update users set bingx_uid = null where id = ${member.user._id}`,
    );
    expect(await flagOf(uid)).toBeUndefined();
  });

  it('is flagged when the member shares a sign-in address or a withdrawal address', async () => {
    const other = await paidMember(t);
    const onSameAddress = await paidMember(t);
    const ip = nextIp();
    await t.database.db.execute(sql`insert into member_logins (user_id, ip) values
      (${other.user._id}, ${ip}), (${onSameAddress.user._id}, ${ip})`);
    const first = await link(onSameAddress, Date.now() + 1000);
    expect((await flagOf(first))!.evidence).toBe(`UID ${first}: SHARED_SIGN_IN_ADDRESS`);

    const payingSame = await paidMember(t);
    const wallet = `0x${'b'.repeat(40)}`;
    await t.database.db
      .execute(sql`insert into withdrawals (user_id, amount_micro, wallet_address, status)
      values (${other.user._id}, 1000000, ${wallet}, 'REJECTED'),
             (${payingSame.user._id}, 1000000, ${wallet.toUpperCase().replace('0X', '0x')}, 'REJECTED')`);
    const second = await link(payingSame, Date.now() + 1000);
    expect((await flagOf(second))!.evidence).toBe(`UID ${second}: SHARED_WITHDRAWAL_ADDRESS`);
  });
});

describe('the invitation code BingX names, recorded on the review', () => {
  const reviewOf = async (userId: string) =>
    (
      await call<UidReviewResponse>(t.app, 'GET', `/api/admin/uid-reviews/${userId}`, {
        token: admin.token,
      })
    ).body.data!.review;

  it('is read from the compliance run’s invitee list; a row without one stays unknown', async () => {
    const named = await paidMember(t);
    await link(named, Date.UTC(2024, 0, 2), 'AGENT42');
    const unnamed = await paidMember(t);
    await link(unnamed, Date.UTC(2024, 0, 3));
    // The link's own check (inviteRelationCheck) does not name it.
    expect((await reviewOf(named.user._id))!.invitationCode).toBeNull();

    const ran = await call(t.app, 'POST', '/api/admin/compliance/run', { token: admin.token });
    expect(ran.status).toBe(200);
    expect((await reviewOf(named.user._id))!.invitationCode).toBe('AGENT42');
    expect((await reviewOf(unnamed.user._id))!.invitationCode).toBeNull();
    // And the risk center shows it with the flag.
    const answer = await call<RiskSignalsResponse>(t.app, 'GET', '/api/admin/risk', {
      token: admin.token,
    });
    const flag = answer.body.data!.signals.find((s) => s.members[0]?._id === named.user._id);
    expect(flag!.evidence).toContain('BingX names invitation code AGENT42');
  });
});
