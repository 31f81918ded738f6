import { sql } from 'drizzle-orm';
import type { Actor } from '../modules/audit/audit.service';
import type { Db } from '../db/client';
import type { Services } from '../services';
import type { BingxSimulator } from '../integrations/exchange/bingx-simulator';
import { DAY_MS } from '@ctn/contracts/time';

/** What the bootstrap and the demo data use. */
export type SeedServices = Pick<
  Services,
  'auth' | 'registration' | 'subscriptions' | 'cycles' | 'compliance' | 'peers'
>;

export interface DemoMember {
  id: string;
  uid: string | null;
  paid: boolean;
}

/** Three 28-day cycles ending yesterday: the demo dashboard shows earnings over time. */
const CYCLES = 3;
const CYCLE_DAYS = 28;

const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Demo earnings made the way production makes them: subscription payments on the simulated
 * chain (which credit the uplines' DIRECT rewards), daily trading on the simulated BingX, and
 * DOWNLINE cycles prepared from the exchange's commission data and run, then the first
 * compliance check. Without the simulators (a real chain or exchange configured in development)
 * the demo members are marked paid instead.
 */
export async function seedDemoEarnings(
  services: SeedServices,
  db: Db,
  members: DemoMember[],
  admin: Actor,
): Promise<void> {
  const { subscriptions, cycles, peers } = services;
  // The watcher's first scan fixes where it starts; payments made before it would be skipped.
  if (peers.simulatedChain) await subscriptions.scan();
  for (const member of members.filter((m) => m.paid)) {
    if (peers.simulatedChain) await subscriptions.simulatePayment(member.id, 10);
    else
      await db.execute(sql`
        update users set paid_until = now() + interval '30 days', subscription_paid_at = now()
         where id = ${member.id}`);
  }

  const exchange = peers.bingxSimulator;
  if (!exchange) return;
  setDemoTrading(
    exchange,
    members.flatMap((m) => (m.uid ? [m.uid] : [])),
  );
  const today = startOfTodayUtc();
  for (let c = CYCLES; c >= 1; c--) {
    const periodStart = new Date(today - c * CYCLE_DAYS * DAY_MS);
    const periodEnd = new Date(today - ((c - 1) * CYCLE_DAYS + 1) * DAY_MS);
    const draft = await cycles.prepare(
      { source: 'EXCHANGE', periodStart: isoDay(periodStart), periodEnd: isoDay(periodEnd) },
      admin,
    );
    await cycles.run(draft._id, admin, { creditedAt: new Date(periodEnd.getTime() + DAY_MS) });
    await cycles.settled(draft._id);
  }
  // The first compliance check, as the daily job would make it: members and administrators read
  // one state from the start (the unpaid and unlinked demo members locked, the rest compliant),
  // and the job's first run finds nothing new to alarm about.
  await services.compliance.runDaily();
}

const startOfTodayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

/**
 * The demo network's accounts on the simulated BingX: invited, verified, funded and trading on
 * most days up to yesterday. The simulator keeps them in memory, so this runs at every start
 * (not only when the demo data is created): a restarted demo's compliance check reads the same
 * exchange as the first one did. Each UID's figures follow from the UID alone.
 */
export function setDemoTrading(exchange: BingxSimulator, uids: readonly string[]): void {
  const today = startOfTodayUtc();
  for (const uid of uids) {
    const seed = Number(uid) % 1000;
    const days: Record<
      string,
      { tradingVolume: string; commissionVolume: string; copyTradingVolume: string }
    > = {};
    for (let d = 1; d <= CYCLES * CYCLE_DAYS; d++) {
      // Deterministic variety: some members trade more, every member has quiet days.
      const wave = ((seed * 37 + d * 11) % 23) / 23;
      if (wave < 0.15) continue;
      const commission = (0.4 + wave * (1 + (seed % 5))).toFixed(4);
      days[yyyymmdd(new Date(today - d * DAY_MS))] = {
        tradingVolume: (Number(commission) * 2500).toFixed(2),
        commissionVolume: commission,
        copyTradingVolume: (Number(commission) * 2400).toFixed(2),
      };
    }
    exchange.setAccount(uid, {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: (150 + ((seed * 53) % 900)).toFixed(2),
      traded: true,
      days,
    });
  }
}
