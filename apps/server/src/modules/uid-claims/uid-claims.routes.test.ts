import type { AdminUidClaim, AdminUidClaimDetail, MemberUidClaim } from '@ctn/contracts/uid-claims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, nextIp, paidMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

let uidCounter = 93_000_000;
/** A UID the exchange knows (registered, invited directly, KYC done) linked by `holder`. */
async function linkedBy(holder: { token: string }) {
  const uid = String((uidCounter += 1));
  t.services.peers.bingxSimulator!.setAccount(uid, {
    invited: true,
    kycDone: true,
    deposited: true,
    balanceUsdt: '300',
    registerTime: Date.UTC(2024, 2, 3),
  });
  const linked = await call(t.app, 'PUT', '/api/users/bingx-uid', {
    token: holder.token,
    body: { bingXUID: uid },
    ip: nextIp(),
  });
  expect(linked.status).toBe(200);
  return uid;
}

const file = (token: string, bingXUID: string, message = 'This is my BingX account, see my KYC.') =>
  call<MemberUidClaim>(t.app, 'POST', '/api/users/bingx-uid/claims', {
    token,
    body: { bingXUID, message },
    ip: nextIp(),
  });
const resolve = (id: string, action: string, note = 'Checked both accounts.') =>
  call<AdminUidClaim>(t.app, 'POST', `/api/admin/uid-claims/${id}/resolve`, {
    token: admin.token,
    body: { action, note },
  });
const uidOf = async (token: string) =>
  (await call<{ bingXUID: string | null }>(t.app, 'GET', '/api/users/profile', { token })).body
    .data!.bingXUID;
const mailsTo = async (email: string) =>
  (await t.services.mail.listMailbox(500)).filter(
    (m) => m.toAddress === email && /BingX UID/.test(m.subject),
  );

describe('UID claims', () => {
  it('a member files a claim for a UID linked elsewhere; the admin sees both accounts and the exchange answer', async () => {
    const holder = await paidMember(t);
    const claimant = await paidMember(t);
    const uid = await linkedBy(holder);
    const refused = await call(t.app, 'PUT', '/api/users/bingx-uid', {
      token: claimant.token,
      body: { bingXUID: uid },
      ip: nextIp(),
    });
    expect(refused.body.errorCode).toBe('BINGX_UID_ALREADY_EXISTS');

    const filed = await file(claimant.token, uid);
    expect(filed.status).toBe(201);
    expect(filed.body.data).toMatchObject({ uid, status: 'OPEN', resolvedAt: null });
    expect((await file(claimant.token, uid)).body.errorCode).toBe('UID_CLAIM_ALREADY_OPEN');

    const list = await call<{ claims: AdminUidClaim[] }>(
      t.app,
      'GET',
      '/api/admin/uid-claims?status=OPEN',
      { token: admin.token },
    );
    const listed = list.body.data!.claims.find((c) => c._id === filed.body.data!._id)!;
    expect(listed.claimant.email).toBe(claimant.email);
    expect(listed.holder).toMatchObject({ email: holder.email, bingXUID: uid });
    const detail = await call<AdminUidClaimDetail>(
      t.app,
      'GET',
      `/api/admin/uid-claims/${listed._id}`,
      { token: admin.token },
    );
    expect(detail.body.data!.exchange).toMatchObject({
      available: true,
      invited: true,
      directInvitation: true,
      kycDone: true,
      registeredAt: new Date(Date.UTC(2024, 2, 3)).toISOString(),
    });
    // Members cannot read the admin list.
    const asMember = await call(t.app, 'GET', '/api/admin/uid-claims', { token: claimant.token });
    expect(asMember.status).toBe(403);
  });

  it('reassign moves the UID to the claimant, audited, and mails both', async () => {
    const holder = await paidMember(t);
    const claimant = await paidMember(t);
    const uid = await linkedBy(holder);
    const claim = (await file(claimant.token, uid)).body.data!;
    const resolved = await resolve(claim._id, 'REASSIGN');
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({
      status: 'REASSIGNED',
      resolutionNote: 'Checked both accounts.',
    });
    expect(await uidOf(claimant.token)).toBe(uid);
    expect(await uidOf(holder.token)).toBeNull();
    expect(await mailsTo(claimant.email)).toHaveLength(1);
    expect(await mailsTo(holder.email)).toHaveLength(1);
    // Resolved once: a second decision finds no open claim.
    expect((await resolve(claim._id, 'REJECT')).body.errorCode).toBe('UID_CLAIM_NOT_FOUND');
    const mine = await call<{ claims: MemberUidClaim[] }>(
      t.app,
      'GET',
      '/api/users/bingx-uid/claims',
      {
        token: claimant.token,
      },
    );
    expect(mine.body.data!.claims[0]).toMatchObject({ status: 'REASSIGNED' });
  });

  it('unlink frees the UID for the claimant to link; reject changes nothing', async () => {
    const holder = await paidMember(t);
    const claimant = await paidMember(t);
    const uid = await linkedBy(holder);
    const first = (await file(claimant.token, uid)).body.data!;
    expect((await resolve(first._id, 'REJECT')).body.data!.status).toBe('REJECTED');
    expect(await uidOf(holder.token)).toBe(uid);

    const second = (await file(claimant.token, uid, 'Here is the KYC name on my account.')).body
      .data!;
    expect((await resolve(second._id, 'UNLINK')).body.data!.status).toBe('UNLINKED');
    expect(await uidOf(holder.token)).toBeNull();
    const linked = await call(t.app, 'PUT', '/api/users/bingx-uid', {
      token: claimant.token,
      body: { bingXUID: uid },
      ip: nextIp(),
    });
    expect(linked.status).toBe(200);
  });

  it('refuses a claim nobody needs and checks the message', async () => {
    const claimant = await paidMember(t);
    expect((await file(claimant.token, '12345678')).body.errorCode).toBe('UID_CLAIM_NOT_NEEDED');
    const short = await file(claimant.token, '12345678', 'mine');
    expect(short.status).toBe(400);
    expect(short.body.errorCode).toBe('VALIDATION_ERROR');
  });
});
