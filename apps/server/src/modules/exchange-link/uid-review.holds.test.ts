import type { CycleDetail } from '@ctn/contracts/cycles';
import type { RewardStats } from '@ctn/contracts/rewards';
import type { UidReviewDecision, UidReviewResponse } from '@ctn/contracts/uid-reviews';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { postEntry } from '../ledger/ledger.service';
import { appWithAdmin, call, nextIp, paidMember, type TestApp } from '../../../test/test-app';

/**
 * A FLAGGED link's DOWNLINE credits are held, never lost (decision 044): in their own bucket that
 * the compliance run never releases, until an administrator clears the flag (released, one entry
 * per recipient, once however many clear at the same moment) or rejects it (the UID unlinked,
 * the held credits forfeited). The books add up at every step. On PostgreSQL in CI the parallel
 * clearings really run in parallel.
 */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()), 120_000);
afterAll(() => t.close());

let uidCounter = 95_000_000;
async function link(member: { token: string }, registerTime: number) {
  const uid = String((uidCounter += 1));
  t.services.peers.bingxSimulator!.setAccount(uid, {
    invited: true,
    kycDone: true,
    deposited: true,
    balanceUsdt: '300',
    registerTime,
  });
  const answer = await call(t.app, 'PUT', '/api/users/bingx-uid', {
    token: member.token,
    body: { bingXUID: uid },
    ip: nextIp(),
  });
  expect(answer.status).toBe(200);
  return uid;
}

/** An upline (linked, not flagged) with two members: one linked cleanly, one flagged. */
async function network() {
  const upline = await paidMember(t);
  await link(upline, Date.now() + 60_000);
  const clean = await paidMember(t, { referredByCode: upline.user.referralCode });
  const cleanUid = await link(clean, Date.now() + 60_000);
  const flagged = await paidMember(t, { referredByCode: upline.user.referralCode });
  const flaggedUid = await link(flagged, Date.UTC(2024, 0, 1));
  return { upline, clean, cleanUid, flagged, flaggedUid };
}

let day = 0;
/** Runs a CSV cycle over a fresh week paying `lines` (UID -> master USDT). */
async function runCycle(lines: Record<string, number>) {
  const start = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000);
  day += 7;
  const end = new Date(start.getTime() + 6 * 86_400_000);
  const prepared = await call<CycleDetail>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
    token: admin.token,
    body: {
      source: 'CSV',
      periodStart: start.toISOString().slice(0, 10),
      periodEnd: end.toISOString().slice(0, 10),
      csv: Object.entries(lines)
        .map(([uid, amount]) => `${uid},${amount}`)
        .join('\n'),
    },
  });
  expect(prepared.status).toBe(200);
  const id = prepared.body.data!._id;
  await call(t.app, 'POST', `/api/rewards/admin/cycles/${id}/run`, {
    token: admin.token,
    body: {},
  });
  await t.services.cycles.settled();
  const detail = await call<CycleDetail>(t.app, 'GET', `/api/rewards/admin/cycles/${id}`, {
    token: admin.token,
  });
  expect(detail.body.data!.status).toBe('COMPLETED');
  return detail.body.data!;
}

const balance = async (userId: string) => (await t.services.ledger.balanceOf(userId))!;
const decide = (userId: string, action: 'clear' | 'reject') =>
  call<UidReviewDecision>(t.app, 'POST', `/api/admin/uid-reviews/${userId}/${action}`, {
    token: admin.token,
  });
const entriesOf = (userId: string, kind: string) =>
  rowsOf<{ held: string; available: string; forfeited: string }>(
    t.database.db,
    sql`select held_delta::text as held, available_delta::text as available,
               forfeited_delta::text as forfeited
          from ledger_entries where user_id = ${userId} and kind = ${kind}`,
  );

describe('credits held while a UID link is flagged', () => {
  it('holds the flagged member’s DOWNLINE credits apart, beyond the compliance run’s reach', async () => {
    const { upline, cleanUid, flagged, flaggedUid } = await network();
    const cycle = await runCycle({ [cleanUid]: 100, [flaggedUid]: 200 });
    const level1 = cycle.statement!.byLevel.find((l) => l.level === 1)!;

    const money = await balance(upline.user._id);
    // The clean member's share is available; the flagged one's is held, not available or locked.
    expect(money.heldMicro).toBe(2n * money.availableMicro);
    expect(money.heldMicro).toBeGreaterThan(0n);
    expect(money.lockedMicro).toBe(0n);
    expect(money.totalEarnedMicro).toBe(money.availableMicro + money.heldMicro);
    expect(level1.heldAmount).toBeGreaterThan(0);
    expect(level1.availableAmount + level1.lockedAmount + level1.heldAmount).toBeCloseTo(
      level1.amount,
      6,
    );
    const [number] = await rowsOf<{ n: string }>(
      t.database.db,
      sql`select user_id as n from users where id = ${upline.user._id}`,
    );
    const stats = await call<RewardStats>(t.app, 'GET', `/api/rewards/stats/${number!.n}`, {
      token: upline.token,
    });
    expect(stats.body.data!.heldBalance).toBe(Number(money.heldMicro) / 1e6);

    expect(await t.services.rewards.verifyAgainstLedger()).toEqual([]);

    // The daily compliance run releases a compliant member's locked balance, never what is held.
    // (A locked credit without reward lines, posted here: only its bucket matters.)
    await postEntry(t.database.db, {
      userId: upline.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: 'payment:test-locked',
      delta: { locked: 1_000_000n, earned: 1_000_000n },
    });
    const ran = await call(t.app, 'POST', '/api/admin/compliance/run', { token: admin.token });
    expect(ran.status).toBe(200);
    const after = await balance(upline.user._id);
    expect(after.lockedMicro).toBe(0n);
    expect(after.heldMicro).toBe(money.heldMicro);

    const review = await call<UidReviewResponse>(
      t.app,
      'GET',
      `/api/admin/uid-reviews/${flagged.user._id}`,
      { token: admin.token },
    );
    expect(review.body.data!.review).toMatchObject({
      status: 'FLAGGED',
      uid: flaggedUid,
      heldAmount: Number(money.heldMicro) / 1e6,
      heldRecipients: 1,
    });
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('clears once, releasing exactly what was held, however many clear at once', async () => {
    const { upline, flagged, flaggedUid } = await network();
    await runCycle({ [flaggedUid]: 300 });
    const before = await balance(upline.user._id);
    expect(before.heldMicro).toBeGreaterThan(0n);

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => decide(flagged.user._id, 'clear')),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.errorCode).toBe(
      'UID_REVIEW_ALREADY_DECIDED',
    );
    const won = answers.find((a) => a.status === 200)!.body.data!;
    expect(won).toMatchObject({ settledAmount: Number(before.heldMicro) / 1e6, recipients: 1 });
    expect(won.review).toMatchObject({ status: 'CLEARED', heldAmount: 0 });

    const after = await balance(upline.user._id);
    expect(after.heldMicro).toBe(0n);
    expect(after.availableMicro).toBe(before.availableMicro + before.heldMicro);
    expect(await entriesOf(upline.user._id, 'HOLD_RELEASE')).toEqual([
      { held: String(-before.heldMicro), available: String(before.heldMicro), forfeited: '0' },
    ]);
    // Later trading of the cleared link is credited as any other.
    await runCycle({ [flaggedUid]: 300 });
    expect((await balance(upline.user._id)).heldMicro).toBe(0n);
    const [audit] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_log where action = 'UID_REVIEW_CLEARED'
            and target_id = ${flagged.user._id}`,
    );
    expect(audit!.n).toBe(1);
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('rejects: the UID is unlinked and what it held is forfeited to the platform', async () => {
    const { upline, flagged, flaggedUid } = await network();
    await runCycle({ [flaggedUid]: 400 });
    const before = await balance(upline.user._id);
    expect(before.heldMicro).toBeGreaterThan(0n);

    const rejected = await decide(flagged.user._id, 'reject');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data!.review.status).toBe('REJECTED');
    expect(rejected.body.data!.settledAmount).toBe(Number(before.heldMicro) / 1e6);

    const after = await balance(upline.user._id);
    expect(after.heldMicro).toBe(0n);
    expect(after.availableMicro).toBe(before.availableMicro);
    expect(after.forfeitedMicro).toBe(before.forfeitedMicro + before.heldMicro);
    const [holder] = await rowsOf<{ uid: string | null }>(
      t.database.db,
      sql`select bingx_uid as uid from users where id = ${flagged.user._id}`,
    );
    expect(holder!.uid).toBeNull();
    expect((await decide(flagged.user._id, 'clear')).body.errorCode).toBe(
      'UID_REVIEW_ALREADY_DECIDED',
    );
    expect((await t.services.ledger.verify()).mismatches).toEqual([]);
  });

  it('answers UID_REVIEW_NOT_FOUND for a member never flagged, and only to administrators', async () => {
    const { upline, clean } = await network();
    const answer = await decide(clean.user._id, 'clear');
    expect(answer.status).toBe(404);
    expect(answer.body.errorCode).toBe('UID_REVIEW_NOT_FOUND');
    const byMember = await call(t.app, 'POST', `/api/admin/uid-reviews/${clean.user._id}/clear`, {
      token: upline.token,
    });
    expect(byMember.status).toBe(403);
  });
});
