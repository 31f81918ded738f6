import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { users } from '../../db/schema';
import {
  ExchangeUnavailableError,
  type ExchangeGateway,
} from '../../integrations/exchange/exchange';
import { BingxClient } from '../../integrations/exchange/bingx-client';
import { exchangeDayAt } from '../../integrations/exchange/bingx-days';
import { postEntry } from '../ledger/ledger.service';
import { signedInMember, type TestApp } from '../../../test/test-app';
import { ComplianceService, type ComplianceDeps } from './compliance.service';
import { DAY_MS } from '@ctn/contracts/time';
import { silentLogger } from '../../lib/logger';

/** Helpers of the compliance tests: members in a given state, the exchange, what happened. */

/** The exchange day (UTC+8) of an instant, as the simulator labels its rows. */
const ymd = (at: Date) => exchangeDayAt(at);
let uidCounter = 0;

export interface MemberSetup {
  /** Days after `base` until which the subscription is paid (negative: lapsed). */
  paidDays?: number;
  /** false: no BingX UID. */
  linked?: boolean;
  balanceUsdt?: string;
  /** Days before `base` with copy-trading volume. */
  copiedDaysAgo?: number[];
}

export type Member = Awaited<ReturnType<typeof createMember>>;

export async function createMember(t: TestApp, base: Date, setup: MemberSetup = {}) {
  const m = await signedInMember(t);
  uidCounter += 1;
  const uid = setup.linked === false ? null : String(70_000_000 + uidCounter);
  const paidUntil = new Date(base.getTime() + (setup.paidDays ?? 90) * DAY_MS).toISOString();
  await t.database.db.execute(
    sql`update users set bingx_uid = ${uid}, paid_until = ${paidUntil}::timestamptz,
                     subscription_paid_at = ${base.toISOString()}::timestamptz
         where id = ${m.user._id}`,
  );
  if (uid) setExchange(t, uid, base, setup);
  return { id: m.user._id, email: m.email, uid };
}

/** The member's account on the simulated exchange. */
export function setExchange(t: TestApp, uid: string, base: Date, setup: MemberSetup) {
  const days: Record<
    string,
    { tradingVolume: string; commissionVolume: string; copyTradingVolume: string }
  > = {};
  for (const ago of setup.copiedDaysAgo ?? [1])
    days[ymd(new Date(base.getTime() - ago * DAY_MS))] = {
      tradingVolume: '1000',
      commissionVolume: '2',
      copyTradingVolume: '800',
    };
  t.services.peers.bingxSimulator!.setAccount(uid, {
    invited: true,
    kycDone: true,
    deposited: true,
    traded: true,
    balanceUsdt: setup.balanceUsdt ?? '500',
    days,
  });
}

/** A reward credited to the locked bucket, as a cycle does for a locked member. */
export async function creditLocked(t: TestApp, userId: string, micro: bigint, key: string) {
  await t.database.db.transaction((tx) =>
    postEntry(tx, {
      userId,
      kind: 'REWARD_DOWNLINE',
      sourceKey: `test:${key}`,
      delta: { locked: micro, earned: micro },
    }),
  );
}

export async function stateOf(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .select({
      lockedSince: users.earningsLockedSince,
      reasons: users.earningsLockReasons,
      mailDay: users.complianceMailDay,
      checkedAt: users.complianceCheckedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

export async function balanceOf(t: TestApp, userId: string) {
  const b = await t.services.ledger.balanceOf(userId);
  return {
    available: b?.availableMicro ?? 0n,
    locked: b?.lockedMicro ?? 0n,
    forfeited: b?.forfeitedMicro ?? 0n,
  };
}

export async function entriesOf(t: TestApp, userId: string, kind: string) {
  return rowsOf<{ sourceKey: string; locked: string; available: string; forfeited: string }>(
    t.database.db,
    sql`select source_key as "sourceKey", locked_delta::text as locked,
               available_delta::text as available, forfeited_delta::text as forfeited
          from ledger_entries where user_id = ${userId} and kind = ${kind} order by id`,
  );
}

/** Subjects of the compliance mails to `email`, oldest first. */
export async function complianceMails(t: TestApp, email: string) {
  const mails = await t.services.mail.listMailbox(2000);
  return mails.filter((m) => m.toAddress === email && /earnings/i.test(m.subject)).reverse();
}

export async function ledgerIsClean(t: TestApp) {
  return (await t.services.ledger.verify()).mismatches;
}

/** The app's exchange, counted, and failing for the listings asked to. */
export function spyExchange(
  t: TestApp,
  failing: { invitees?: boolean; commissions?: boolean } = {},
) {
  const real = t.services.peers.exchange;
  const calls = { checkInvite: [] as string[], listInvitees: 0, dailyCommissions: 0 };
  const gateway: ExchangeGateway = {
    async checkInvite(uid, lane) {
      calls.checkInvite.push(uid);
      return real.checkInvite(uid, lane);
    },
    async listInvitees() {
      calls.listInvitees += 1;
      if (failing.invitees) throw new ExchangeUnavailableError('unreachable');
      return real.listInvitees();
    },
    async dailyCommissions(range, uid) {
      calls.dailyCommissions += 1;
      if (failing.commissions) throw new ExchangeUnavailableError('unreachable');
      return real.dailyCommissions(range, uid);
    },
  };
  return { gateway, calls };
}

/** A client of the app's simulator that retries quickly (busy and banned modes). */
export function quickClient(t: TestApp) {
  const sim = t.services.peers.bingxSimulator!;
  return new BingxClient({
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    apiSecret: sim.apiSecret,
    backoffMs: 5,
    maxRetries: 2,
    requestsPerSecond: 500,
  });
}

/** A second instance of the service (another server process), on its own exchange. */
export function complianceService(
  t: TestApp,
  exchange: ExchangeGateway,
  overrides: Partial<ComplianceDeps> = {},
) {
  return new ComplianceService({
    db: t.database.db,
    audit: t.services.audit,
    exchange,
    settings: t.services.settings,
    mail: t.services.mail,
    publicUrl: t.config.publicUrl,
    log: silentLogger,
    modeFromEnvironment: t.config.complianceMode,
    isProduction: t.config.isProduction,
    ...overrides,
  });
}
