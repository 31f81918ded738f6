import type { ComplianceDecisions, ComplianceStatus } from '@ctn/contracts/compliance';
import { DAY_MS } from '@ctn/contracts/time';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { call, createTestApp, signedInAdmin, type TestApp } from '../../../test/test-app';
import {
  balanceOf,
  complianceMails,
  complianceService,
  createMember,
  creditLocked,
  ledgerIsClean,
  setExchange,
  stateOf,
  type Member,
} from './compliance.fixtures';

/** Shadow compliance and the hold of COPYING_STOPPED without copying evidence (decision 038). */

let t: TestApp;
let admin: { token: string; user: { _id: string } };
const base = new Date();
const at = (days: number, hours = 0) =>
  new Date(base.getTime() + days * DAY_MS + hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());
// Each test starts from a database that never ran compliance and has no saved mode.
beforeEach(async () => {
  await t.database.db.execute(sql`delete from compliance_decisions`);
  await t.database.db.execute(sql`delete from compliance_runs`);
  await t.database.db.execute(sql`delete from settings where key = 'compliance'`);
  await t.database.db.execute(sql`delete from mail_outbox`);
});
afterEach(async () => {
  await t.database.db.execute(
    sql`update users set status = 'DISABLED' where not is_root and not is_admin`,
  );
  expect(await ledgerIsClean(t)).toEqual([]);
});

const status = async () =>
  (
    await call<ComplianceStatus>(t.app, 'GET', '/api/admin/compliance/status', {
      token: admin.token,
    })
  ).body.data!;
const setMode = (mode: string) =>
  call<ComplianceStatus>(t.app, 'PUT', '/api/admin/compliance/mode', {
    token: admin.token,
    body: { mode },
  });
const subjects = async (to?: string) =>
  (await t.services.mail.listMailbox(500))
    .filter((m) => to === undefined || m.toAddress === to)
    .map((m) => m.subject);

/** Everything a run could change for a member: their row, their balances, their entries. */
async function footprint(members: Member[]) {
  const ids = members.map((m) => m.id);
  const [users] = await rowsOf<{ rows: unknown }>(
    t.database.db,
    sql`select json_agg(json_build_object(
           'id', id, 'status', status, 'lockedSince', earnings_locked_since,
           'reasons', earnings_lock_reasons, 'mailDay', compliance_mail_day,
           'checkedAt', compliance_checked_at) order by id) as rows
          from users where id in ${sql.raw(`('${ids.join("','")}')`)}`,
  );
  const [ledger] = await rowsOf<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ledger_entries`,
  );
  const money = await Promise.all(ids.map((id) => balanceOf(t, id)));
  return { users: users!.rows, entries: ledger!.n, money };
}

/** A member locked `days` ago for a low balance, holding `micro` locked. */
async function lockedMember(days: number, micro: bigint, mailDay: number) {
  const m = await createMember(t, base, { balanceUsdt: '20' });
  await t.database.db.execute(
    sql`update users set earnings_locked_since = ${at(-days).toISOString()}::timestamptz,
               earnings_lock_reasons = '{LOW_BALANCE}', compliance_mail_day = ${mailDay}
         where id = ${m.id}`,
  );
  if (micro > 0n) await creditLocked(t, m.id, micro, `shadow-${m.id}`);
  return m;
}

describe('shadow mode', () => {
  it('decides as enforce would, records why, changes nothing; enforce then applies it', async () => {
    expect((await setMode('shadow')).status).toBe(200);
    const copier = await createMember(t, base);
    const lapsed = await createMember(t, base, { paidDays: -1 });
    const due = await lockedMember(31, 7_000_000n, 28);
    const remind = await lockedMember(7.1, 0n, 0);
    const compliant = await lockedMember(3, 2_000_000n, 0);
    // Compliant again: a balance above 100 USDT on the exchange.
    setExchange(t, compliant.uid!, base, { balanceUsdt: '150' });
    const members = [copier, lapsed, due, remind, compliant];
    const before = await footprint(members);

    const ran = await call<Record<string, unknown>>(t.app, 'POST', '/api/admin/compliance/run', {
      token: admin.token,
    });
    expect(ran.body.data).toMatchObject({
      mode: 'shadow',
      locked: 1,
      forfeited: 1,
      reminders: 1,
      released: 1,
      copyingHeld: 0,
    });

    // Nothing a member owns or receives changed.
    expect(await footprint(members)).toEqual(before);
    for (const m of members) expect(await complianceMails(t, m.email)).toEqual([]);
    expect(await subjects('admin@example.com')).toEqual([
      'Shadow compliance run: would lock 1, forfeit 1',
    ]);

    const shown = await status();
    expect(shown.mode).toEqual({ effective: 'shadow', stored: 'shadow', fromEnvironment: false });
    expect(shown.lastShadowRun?.figures).toEqual({
      lock: 1,
      remind: 1,
      forfeit: 1,
      release: 1,
      concern: 0,
      unknown: 0,
      forfeitAmount: 7,
      releaseAmount: 2,
    });
    const page = await call<ComplianceDecisions>(
      t.app,
      'GET',
      `/api/admin/compliance/runs/${shown.lastShadowRun!.id}/decisions?limit=2`,
      { token: admin.token },
    );
    expect(page.body.data!.pagination).toMatchObject({ totalRecords: 4, totalPages: 2 });
    // Forfeits first, then locks.
    expect(page.body.data!.decisions).toEqual([
      {
        member: { id: due.id, name: expect.any(String), email: due.email },
        action: 'FORFEIT',
        reasons: ['LOW_BALANCE'],
        mailDay: null,
        amount: 7,
        evidence: expect.objectContaining({
          bingxUid: due.uid,
          balanceUsdt: '20',
          copying: true,
          lockedSince: at(-31).toISOString(),
        }),
      },
      expect.objectContaining({
        member: expect.objectContaining({ id: lapsed.id }),
        action: 'LOCK',
        reasons: ['SUBSCRIPTION_LAPSED'],
      }),
    ]);
    const rest = await call<ComplianceDecisions>(
      t.app,
      'GET',
      `/api/admin/compliance/runs/${shown.lastShadowRun!.id}/decisions?limit=2&page=2`,
      { token: admin.token },
    );
    expect(rest.body.data!.decisions.map((d) => [d.member.id, d.action, d.mailDay])).toEqual([
      [remind.id, 'REMIND', 7],
      [compliant.id, 'RELEASE', null],
    ]);

    // The switch, audited; the next run applies what the shadow run showed.
    expect((await setMode('enforce')).body.data!.mode.effective).toBe('enforce');
    const switches = async () =>
      (
        await rowsOf<{ before: { mode: string }; after: { mode: string } }>(
          t.database.db,
          sql`select before, after from audit_log where action = 'COMPLIANCE_MODE_CHANGED'
               order by created_at`,
        )
      ).map((row) => `${row.before.mode} -> ${row.after.mode}`);
    // A test database starts enforcing; this test switched it to shadow first.
    expect(await switches()).toEqual(['enforce -> shadow', 'shadow -> enforce']);
    const enforced = await call<Record<string, unknown>>(
      t.app,
      'POST',
      '/api/admin/compliance/run',
      {
        token: admin.token,
      },
    );
    expect(enforced.body.data).toMatchObject({
      mode: 'enforce',
      locked: 1,
      forfeited: 1,
      reminders: 1,
      released: 1,
    });
    expect(await balanceOf(t, due.id)).toMatchObject({ locked: 0n, forfeited: 7_000_000n });
    expect(await balanceOf(t, compliant.id)).toMatchObject({ locked: 0n, available: 2_000_000n });
    expect((await stateOf(t, lapsed.id)).reasons).toEqual(['SUBSCRIPTION_LAPSED']);
    expect((await complianceMails(t, lapsed.email)).map((m) => m.subject)).toEqual([
      'Your earnings are locked',
    ]);
    // And back to shadow, audited as well.
    expect((await setMode('shadow')).status).toBe(200);
    expect(await switches()).toEqual([
      'enforce -> shadow',
      'shadow -> enforce',
      'enforce -> shadow',
    ]);
  });

  it('COMPLIANCE_MODE in the environment wins over the saved mode', async () => {
    expect((await setMode('shadow')).status).toBe(200);
    const lapsed = await createMember(t, base, { paidDays: -1 });
    const service = complianceService(t, t.services.peers.exchange, {
      modeFromEnvironment: 'enforce',
    });
    expect(await service.mode()).toEqual({
      effective: 'enforce',
      stored: 'shadow',
      fromEnvironment: true,
    });
    expect(await service.runDaily(at(0))).toMatchObject({ mode: 'enforce', locked: 1 });
    expect((await stateOf(t, lapsed.id)).lockedSince).not.toBeNull();
    await expect(
      service.setMode({ id: admin.user._id, email: 'admin@example.com', ip: null }, 'shadow'),
    ).rejects.toMatchObject({ code: 'COMPLIANCE_MODE_FROM_ENVIRONMENT' });
  });

  it('a new production database starts in shadow; one that has enforced keeps enforcing', async () => {
    const production = complianceService(t, t.services.peers.exchange, { isProduction: true });
    expect((await production.mode()).stored).toBe('shadow');
    const [saved] = await rowsOf<{ value: unknown }>(
      t.database.db,
      sql`select value from settings where key = 'compliance'`,
    );
    expect(saved!.value).toEqual({ mode: 'shadow' });
    const lapsed = await createMember(t, base, { paidDays: -1 });
    expect(await production.runDaily(at(0))).toMatchObject({ mode: 'shadow', locked: 1 });
    expect((await stateOf(t, lapsed.id)).lockedSince).toBeNull();

    // A production database that applied runs before the setting existed keeps enforcing.
    await t.database.db.execute(sql`delete from settings where key = 'compliance'`);
    await t.database.db.execute(
      sql`insert into compliance_runs (started_at, status, linked_members, newly_locked, unknown_members)
          values (now(), 'APPLIED', 0, 0, 0)`,
    );
    expect((await production.mode()).stored).toBe('enforce');
    // Outside production a new database enforces (the demo and the tests show it acting).
    await t.database.db.execute(sql`delete from settings where key = 'compliance'`);
    await t.database.db.execute(sql`delete from compliance_decisions`);
    await t.database.db.execute(sql`delete from compliance_runs`);
    expect((await t.services.compliance.mode()).stored).toBe('enforce');
  });
});

describe('at once (meant for PostgreSQL: PGlite runs one statement at a time)', () => {
  const switches = async () =>
    (
      await rowsOf<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_log where action = 'COMPLIANCE_MODE_CHANGED'`,
      )
    )[0]!.n;

  it('two administrators switching to enforce at once: one switch, audited once', async () => {
    expect((await setMode('shadow')).status).toBe(200);
    const before = await switches();
    const answers = await Promise.all([setMode('enforce'), setMode('enforce'), setMode('enforce')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await switches()).toBe(before + 1);
  });

  it("instances reading a new production database's mode at once save one and agree", async () => {
    const instances = [1, 2, 3].map(() =>
      complianceService(t, t.services.peers.exchange, { isProduction: true }),
    );
    const modes = await Promise.all(instances.map((instance) => instance.mode()));
    expect(modes.map((mode) => mode.stored)).toEqual(['shadow', 'shadow', 'shadow']);
    const [rows] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from settings where key = 'compliance'`,
    );
    expect(rows!.n).toBe(1);
  });
});

describe('COPYING_STOPPED waits for copying evidence', () => {
  it('is not applied while no linked member ever showed copy volume; admins are told', async () => {
    const idle = await createMember(t, base, { copiedDaysAgo: [] });
    const idleLow = await createMember(t, base, { copiedDaysAgo: [], balanceUsdt: '20' });
    await t.services.compliance.runDaily(at(-1));
    const counts = await t.services.compliance.runDaily(at(0));
    // The low balance still locks; copying stopped does not.
    expect(counts).toMatchObject({ mode: 'enforce', locked: 1, copyingHeld: 2, held: false });
    expect((await stateOf(t, idle.id)).lockedSince).toBeNull();
    expect((await stateOf(t, idleLow.id)).reasons).toEqual(['LOW_BALANCE']);
    const told = (await subjects('admin@example.com')).filter((s) => s.includes('copy volume'));
    // Mailed when the hold starts (the first run), not again while it lasts.
    expect(told).toEqual([
      'Compliance: copy trading is not enforced until a member shows copy volume',
    ]);
    const held = await status();
    expect(held.copyingEvidenceSince).toBeNull();
    expect(held.copyingHold).toMatchObject({ copyingHeld: 2, linkedMembers: 2 });

    // One linked member shows copy volume: from then on the rule applies.
    await createMember(t, base, { copiedDaysAgo: [1] });
    expect(await t.services.compliance.runDaily(at(1))).toMatchObject({ copyingHeld: 0 });
    expect(await t.services.compliance.runDaily(at(2))).toMatchObject({ locked: 1 });
    expect((await stateOf(t, idle.id)).reasons).toEqual(['COPYING_STOPPED']);
    expect((await stateOf(t, idleLow.id)).reasons).toEqual(['LOW_BALANCE', 'COPYING_STOPPED']);
    const after = await status();
    expect(after.copyingEvidenceSince).toBe(at(1).toISOString());
    expect(after.copyingHold).toBeNull();
  });
});
