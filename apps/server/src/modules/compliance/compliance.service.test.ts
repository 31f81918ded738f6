import { LOCK_REASON_TEXT } from '@ctn/contracts/rewards';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { call, createTestApp, signedInAdmin, type TestApp } from '../../../test/test-app';
import {
  balanceOf,
  complianceMails,
  complianceService,
  createMember,
  creditLocked,
  entriesOf,
  ledgerIsClean,
  setExchange,
  quickClient,
  spyExchange,
  stateOf,
} from './compliance.fixtures';
import { DAY_MS } from '@ctn/contracts/time';

let t: TestApp;
/** The first run's day; later runs drive `now` forward from it. */
const base = new Date();
const at = (days: number, hours = 0) =>
  new Date(base.getTime() + days * DAY_MS + hours * 3_600_000);
const run = (now: Date) => t.services.compliance.runDaily(now);
/**
 * An exchange condition locks only when seen on two checks a day apart: the first sighting the
 * day before, then the run of `day` locks (decision 017).
 */
const runConfirmed = async (day: number) => {
  await run(at(day - 1));
  return run(at(day));
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test looks at its own members only: retire them, so later runs skip them (and stay fast).
afterEach(async () => {
  await t.database.db.execute(
    sql`update users set status = 'DISABLED' where not is_root and not is_admin`,
  );
  expect(await ledgerIsClean(t)).toEqual([]);
});

describe('locking', () => {
  it('locks a member whose BingX balance is below 100 USDT and mails why, once', async () => {
    const low = await createMember(t, base, { balanceUsdt: '99.99' });
    const fine = await createMember(t, base, { balanceUsdt: '100' });
    // First sighting: noted, nothing locked or mailed yet.
    expect(await run(at(-1))).toMatchObject({ checked: 2, locked: 0 });
    expect((await stateOf(t, low.id)).lockedSince).toBeNull();
    expect(await complianceMails(t, low.email)).toEqual([]);
    // Less than a day later it is still only a concern.
    expect(await run(at(-1, 20))).toMatchObject({ locked: 0 });
    const counts = await run(at(0));
    expect(counts).toMatchObject({ checked: 2, locked: 1, exchangeErrors: 0, held: false });

    const state = await stateOf(t, low.id);
    expect(state.lockedSince?.toISOString()).toBe(at(0).toISOString());
    expect(state).toMatchObject({ reasons: ['LOW_BALANCE'], mailDay: 0 });
    expect(state.checkedAt?.toISOString()).toBe(at(0).toISOString());
    const mails = await complianceMails(t, low.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your earnings are locked']);
    expect(mails[0]!.textBody).toContain(LOCK_REASON_TEXT.LOW_BALANCE);
    expect(mails[0]!.textBody).toContain('30 days');
    expect(mails[0]!.textBody).toContain('http://app.test/dashboard');
    expect(mails[0]!.htmlBody).toContain('http://app.test/dashboard');

    expect((await stateOf(t, fine.id)).lockedSince).toBeNull();
    expect(await complianceMails(t, fine.email)).toEqual([]);

    // Again the same day: nothing new.
    expect(await run(at(0, 2))).toMatchObject({ locked: 0, reminders: 0 });
    expect(await complianceMails(t, low.email)).toHaveLength(1);
  });

  it('locks when copy trading stopped: no copy volume within the last 7 days', async () => {
    const stopped = await createMember(t, base, { copiedDaysAgo: [9, 10] });
    const recent = await createMember(t, base, { copiedDaysAgo: [6] });
    const spy = spyExchange(t);
    await complianceService(t, spy.gateway).runDaily(at(-1));
    const counts = await complianceService(t, spy.gateway).runDaily(at(0));
    expect(counts).toMatchObject({ checked: 2, locked: 1 });
    expect((await stateOf(t, stopped.id)).reasons).toEqual(['COPYING_STOPPED']);
    expect((await stateOf(t, recent.id)).lockedSince).toBeNull();
    const [mail] = await complianceMails(t, stopped.email);
    expect(mail!.textBody).toContain(LOCK_REASON_TEXT.COPYING_STOPPED);
    // In bulk: one invitee list and one commission listing per run, no call per member.
    expect(spy.calls).toEqual({ checkInvite: [], listInvitees: 2, dailyCommissions: 2 });
  });

  it('locks a lapsed subscription without asking the exchange', async () => {
    const lapsed = await createMember(t, base, { paidDays: -1 });
    const spy = spyExchange(t);
    expect(await complianceService(t, spy.gateway).runDaily(at(0))).toMatchObject({ locked: 1 });
    expect((await stateOf(t, lapsed.id)).reasons).toEqual(['SUBSCRIPTION_LAPSED']);
    expect(spy.calls).toEqual({ checkInvite: [], listInvitees: 0, dailyCommissions: 0 });
  });

  it('ignores DISABLED members, the root and administrators', async () => {
    await signedInAdmin(t);
    const disabled = await createMember(t, base, { paidDays: -1, linked: false });
    await t.database.db.execute(
      sql`update users set status = 'DISABLED' where id = ${disabled.id}`,
    );
    expect(await run(at(0))).toMatchObject({ checked: 0, locked: 0 });
    expect(await stateOf(t, disabled.id)).toMatchObject({ lockedSince: null, checkedAt: null });
    const [platform] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where (is_root or is_admin)
             and (earnings_locked_since is not null or compliance_checked_at is not null)`,
    );
    expect(platform!.n).toBe(0);
    expect(await complianceMails(t, disabled.email)).toEqual([]);
  });

  it('two instances running at once lock and mail once', async () => {
    const low = await createMember(t, base, { balanceUsdt: '10' });
    await run(at(-1));
    const [a, b] = await Promise.all([
      complianceService(t, t.services.peers.exchange).runDaily(at(0)),
      complianceService(t, t.services.peers.exchange).runDaily(at(0)),
    ]);
    expect(a.locked + b.locked).toBe(1);
    expect(await complianceMails(t, low.email)).toHaveLength(1);
  });
});

describe('while locked', () => {
  it('mails the reminders of days 7, 21 and 28 exactly once each', async () => {
    const low = await createMember(t, base, { balanceUsdt: '50' });
    await runConfirmed(0);
    const reminders = async () =>
      (await complianceMails(t, low.email)).filter((m) => m.subject.startsWith('Reminder'));
    const expectations: [number, number, number][] = [
      // [day, hours, reminders so far]
      [6, 0, 0],
      [7, 0, 1],
      [7, 5, 1],
      [8, 0, 1],
      [20, 0, 1],
      [21, 0, 2],
      [21, 1, 2],
      [28, 0, 3],
      [29, 0, 3],
    ];
    for (const [day, hours, sent] of expectations) {
      await run(at(day, hours));
      expect(await reminders(), `day ${day} +${hours}h`).toHaveLength(sent);
    }
    const subjects = (await reminders()).map((m) => m.subject);
    expect(subjects).toEqual([
      'Reminder: 23 days left before your locked earnings are forfeited',
      'Reminder: 9 days left before your locked earnings are forfeited',
      'Reminder: 2 days left before your locked earnings are forfeited',
    ]);
    expect((await stateOf(t, low.id)).mailDay).toBe(28);
  });

  it('a run missed for days sends only the latest reminder due', async () => {
    const low = await createMember(t, base, { balanceUsdt: '50' });
    await runConfirmed(0);
    expect(await run(at(22))).toMatchObject({ reminders: 1 });
    const subjects = (await complianceMails(t, low.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      'Your earnings are locked',
      'Reminder: 8 days left before your locked earnings are forfeited',
    ]);
  });
});

describe('release', () => {
  it('compliant again within 30 days: locked funds move to available, lock cleared, mailed', async () => {
    const m = await createMember(t, base, { balanceUsdt: '20' });
    await runConfirmed(0);
    await creditLocked(t, m.id, 5_000_000n, 'release-1');
    expect(await ledgerIsClean(t)).toEqual([]);

    setExchange(t, m.uid!, at(10), { balanceUsdt: '150' });
    expect(await run(at(10))).toMatchObject({ released: 1 });
    expect(await balanceOf(t, m.id)).toEqual({ available: 5_000_000n, locked: 0n, forfeited: 0n });
    const [entry] = await entriesOf(t, m.id, 'LOCK_RELEASE');
    expect(entry).toMatchObject({ locked: '-5000000', available: '5000000', forfeited: '0' });
    expect(await stateOf(t, m.id)).toMatchObject({ lockedSince: null, reasons: [], mailDay: null });
    const mails = await complianceMails(t, m.email);
    expect(mails.map((x) => x.subject)).toEqual([
      'Your earnings are locked',
      'Your earnings are unlocked',
    ]);
    expect(mails[1]!.textBody).toContain('5.00 USDT moved');
    expect(await ledgerIsClean(t)).toEqual([]);

    // Nothing more to do the same day.
    expect(await run(at(10, 1))).toMatchObject({ released: 0 });
    expect(await entriesOf(t, m.id, 'LOCK_RELEASE')).toHaveLength(1);
  });

  it('releases funds locked while the subscription had lapsed, without a lock or a mail', async () => {
    const m = await createMember(t, base);
    await creditLocked(t, m.id, 1_500_000n, 'lapsed-credit');
    expect(await run(at(0))).toMatchObject({ released: 1, locked: 0 });
    expect(await balanceOf(t, m.id)).toMatchObject({ available: 1_500_000n, locked: 0n });
    expect(await complianceMails(t, m.email)).toEqual([]);
  });
});

describe('forfeiture', () => {
  it('after 30 days the locked bucket is forfeited, once a day, mailed once', async () => {
    const m = await createMember(t, base, { balanceUsdt: '20' });
    await runConfirmed(0);
    await creditLocked(t, m.id, 7_000_000n, 'forfeit-1');

    expect(await run(at(29, 23))).toMatchObject({ forfeited: 0 });
    expect(await run(at(30))).toMatchObject({ forfeited: 1 });
    expect(await balanceOf(t, m.id)).toEqual({ available: 0n, locked: 0n, forfeited: 7_000_000n });
    const entries = await entriesOf(t, m.id, 'LOCK_FORFEIT');
    expect(entries).toEqual([
      expect.objectContaining({ locked: '-7000000', forfeited: '7000000', available: '0' }),
    ]);
    expect(await ledgerIsClean(t)).toEqual([]);

    // A second run the same day changes nothing.
    const before = await complianceMails(t, m.email);
    expect(await run(at(30, 3))).toMatchObject({ forfeited: 0, reminders: 0, locked: 0 });
    expect(await entriesOf(t, m.id, 'LOCK_FORFEIT')).toHaveLength(1);
    expect(await complianceMails(t, m.email)).toHaveLength(before.length);
    expect(before.at(-1)!.subject).toBe('Your locked earnings were forfeited');
    expect(before.at(-1)!.textBody).toContain('7.00 USDT');

    // Still non-compliant: later locked credits go at the next day's run, without a new mail.
    await creditLocked(t, m.id, 2_000_000n, 'forfeit-2');
    expect(await run(at(31))).toMatchObject({ forfeited: 1 });
    expect(await balanceOf(t, m.id)).toMatchObject({ locked: 0n, forfeited: 9_000_000n });
    expect(await entriesOf(t, m.id, 'LOCK_FORFEIT')).toHaveLength(2);
    expect(await complianceMails(t, m.email)).toHaveLength(before.length);
    expect((await stateOf(t, m.id)).lockedSince?.toISOString()).toBe(at(0).toISOString());
  });
});

describe('unknown is not zero: a broken answer locks nobody and forfeits nothing', () => {
  const simulator = () => t.services.peers.bingxSimulator!;
  afterEach(() => {
    simulator().mode = 'normal';
  });

  it.each(['sparse', 'busy', 'banned', 'short-pages'] as const)(
    '%s: nobody is locked or forfeited; a right answer later does what is due',
    async (mode) => {
      // Locked 30 days ago with funds that are due to go; a concern seen yesterday; a new one.
      const due = await createMember(t, base, { balanceUsdt: '20' });
      await runConfirmed(0);
      await creditLocked(t, due.id, 4_000_000n, `unknown-${mode}`);
      const concern = await createMember(t, at(30), { balanceUsdt: '20' });
      await run(at(29));
      const fresh = await createMember(t, at(30), { balanceUsdt: '20' });
      const before = await stateOf(t, due.id);

      simulator().mode = mode;
      simulator().bannedUntil = Date.now() + 60_000;
      const counts = await complianceService(t, quickClient(t)).runDaily(at(30));
      expect(counts).toMatchObject({ locked: 0, forfeited: 0, released: 0, held: false });
      expect(counts.exchangeErrors).toBeGreaterThanOrEqual(3);
      expect(await balanceOf(t, due.id)).toMatchObject({ locked: 4_000_000n, forfeited: 0n });
      expect((await stateOf(t, due.id)).lockedSince).toEqual(before.lockedSince);
      for (const m of [concern, fresh]) expect((await stateOf(t, m.id)).lockedSince).toBeNull();
      const [why] = await rowsOf<{ reason: string | null }>(
        t.database.db,
        sql`select compliance_unknown_reason as reason from users where id = ${due.id}`,
      );
      expect(why!.reason).toBeTruthy();

      // The exchange answers properly again: the confirmed lock forfeits, the concern locks.
      simulator().mode = 'normal';
      const later = await run(at(30, 2));
      expect(later).toMatchObject({ forfeited: 1, locked: 1 });
      expect((await stateOf(t, concern.id)).lockedSince).not.toBeNull();
      expect((await stateOf(t, fresh.id)).lockedSince).toBeNull();
    },
  );

  it('without the invitee list, linked members are left as they are', async () => {
    const low = await createMember(t, base, { balanceUsdt: '20' });
    const spy = spyExchange(t, { invitees: true });
    await complianceService(t, spy.gateway).runDaily(at(-1));
    const counts = await complianceService(t, spy.gateway).runDaily(at(0));
    expect(counts).toMatchObject({ exchangeErrors: 1, locked: 0, checked: 0 });
    expect((await stateOf(t, low.id)).lockedSince).toBeNull();
  });

  it('without the commission listing, linked members are left as they are', async () => {
    const low = await createMember(t, base, { balanceUsdt: '20' });
    const spy = spyExchange(t, { commissions: true });
    await complianceService(t, spy.gateway).runDaily(at(-1));
    const counts = await complianceService(t, spy.gateway).runDaily(at(0));
    expect(counts).toMatchObject({ exchangeErrors: 1, locked: 0, checked: 0 });
    expect((await stateOf(t, low.id)).lockedSince).toBeNull();
  });
});

describe('a run that looks wrong is held', () => {
  it('would lock more than 20% of linked members at once: nothing applied, admins alerted', async () => {
    const admin = await signedInAdmin(t);
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await createMember(t, base, { balanceUsdt: '500' }));
    await run(at(-1));
    for (const m of members) setExchange(t, m.uid!, base, { balanceUsdt: '1' });
    await run(at(-1, 1)); // first sighting of the low balances
    const counts = await run(at(0, 2));
    expect(counts).toMatchObject({ held: true, locked: 0 });
    expect(counts.heldReason).toMatch(/exchange's answer would newly lock 6 of 6/);
    for (const m of members) expect((await stateOf(t, m.id)).lockedSince).toBeNull();
    const mails = await t.services.mail.listMailbox(50);
    expect(mails.some((m) => m.subject.startsWith('Compliance run held'))).toBe(true);

    const status = await call<{ heldRun: { id: number; reason: string } | null }>(
      t.app,
      'GET',
      '/api/admin/compliance/status',
      { token: admin.token },
    );
    expect(status.body.data!.heldRun?.reason).toMatch(/would newly lock/);
    const ack = await call(
      t.app,
      'POST',
      `/api/admin/compliance/runs/${status.body.data!.heldRun!.id}/acknowledge`,
      { token: admin.token },
    );
    expect(ack.status).toBe(200);
    const after = await call<{ heldRun: unknown }>(t.app, 'GET', '/api/admin/compliance/status', {
      token: admin.token,
    });
    expect(after.body.data!.heldRun).toBeNull();
  });

  it('our own data is a fact: many lapsed subscriptions at once are locked, not held', async () => {
    const fine = await createMember(t, base);
    const lapsed = [];
    for (let i = 0; i < 6; i++) lapsed.push(await createMember(t, base, { paidDays: -1 }));
    const counts = await run(at(0));
    expect(counts).toMatchObject({ held: false, locked: 6 });
    for (const m of lapsed)
      expect((await stateOf(t, m.id)).reasons).toEqual(['SUBSCRIPTION_LAPSED']);
    expect((await stateOf(t, fine.id)).lockedSince).toBeNull();
  });

  it('every member shows zero copy volume while the last run did not: held', async () => {
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await createMember(t, base));
    expect(await run(at(0))).toMatchObject({ held: false });
    // The listing comes back with volumes but all zero (a changed field, a broken day).
    for (const m of members) setExchange(t, m.uid!, base, { copiedDaysAgo: [] });
    const counts = await run(at(0, 3));
    expect(counts).toMatchObject({ held: true });
    expect(counts.heldReason).toMatch(/zero copy-trading volume/);
  });
});
