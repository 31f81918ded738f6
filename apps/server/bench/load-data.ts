// Data of the load benchmark (npm run bench:load): the generated 100k network (reused when it is
// there), the measured member in the middle of it with rewards, ledger entries and withdrawals
// made through the real services, sign-in accounts and an administrator. Every step only adds
// what is missing, so a second run finds everything and writes little (a few password hashes).
import { randomBytes } from 'node:crypto';
import { cyclePreviewRequestSchema } from '@ctn/contracts/cycles';
import { sql } from 'drizzle-orm';
import type { Services } from '../src/services';
import { rowsOf, type Database, type Db } from '../src/db/client';
import {
  DEV_DEPOSIT_XPUB,
  depositAddressDeriver,
} from '../src/integrations/chain/deposit-addresses';
import type { Actor } from '../src/modules/audit/audit.service';
import { hashPassword } from '../src/modules/auth/passwords';
import {
  findGeneratedNetwork,
  generateNetwork,
  NETWORK_EMAIL_DOMAIN,
} from '../scripts/network-generator';
import { fmt } from './load-support';

export const BENCH_PASSWORD = 'LoadBench@2026';
export const BENCH_ADMIN_EMAIL = 'load.bench@example.com';
/** Administrators sign in with a second factor (issue 19): the bench's authenticator key. */
export const BENCH_ADMIN_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
/** The withdrawals of the measured member go to this (checksummed) address of the dev xpub. */
const WITHDRAWAL_ADDRESS_INDEX = 1_000_000;
const DAY_MS = 86_400_000;
const CYCLE_DAYS = 28;

export interface LoadData {
  network: { topEmail: string; members: number; paths: number; generated: boolean };
  member: {
    id: string;
    userId: string;
    email: string;
    level: number;
    downline: number;
    rewards: { direct: number; downline: number; cycles: number };
    ledgerEntries: number;
    withdrawals: Record<string, number>;
    availableUsdt: number;
  };
  signIn: { email: string }[];
  admin: { email: string };
  /** What this run added, one line each; empty when everything was found. */
  added: string[];
}

export interface DataOptions {
  members: number;
  /** Level below the network's top member where the measured member is chosen. */
  level: number;
  cycles: number;
  signInAccounts: number;
  log: (line: string) => void;
}

export async function ensureData(
  database: Database,
  services: Services,
  options: DataOptions,
): Promise<LoadData> {
  const { db } = database;
  const { log } = options;
  const added: string[] = [];

  let top = await findGeneratedNetwork(db, options.members);
  let generated = false;
  if (!top) {
    log(`No generated network of ${options.members} members: generating one (seed 42).`);
    const made = await generateNetwork(database, services, {
      members: options.members,
      seed: 42,
      log: (line) => log(`  ${line}`),
    });
    added.push(`network of ${fmt(made.members)} members generated in ${made.seconds.toFixed(1)} s`);
    generated = true;
    top = await findGeneratedNetwork(db, options.members);
    if (!top) throw new Error('the generated network was not found');
  }
  const pattern = `%.${top.tag}@${NETWORK_EMAIL_DOMAIN}`;
  const [size] = await rowsOf<{ members: number; paths: number }>(
    db,
    sql`select (select count(*)::int from users where email like ${pattern} and id <> ${top.id}) as members,
               (select count(*)::int from referral_paths) as paths`,
  );

  const hash = await hashPassword(BENCH_PASSWORD);

  // The measured member: on `level` below the top, ACTIVE and verified, the largest network.
  const [chosen] = await rowsOf<{ id: string; downline: number }>(
    db,
    sql`with candidates as (
          select p.descendant as id from referral_paths p join users u on u.id = p.descendant
           where p.ancestor = ${top.id} and p.depth = ${options.level}
             and u.status = 'ACTIVE' and u.is_email_verified
        )
        select c.id, count(*)::int as downline
          from candidates c join referral_paths d on d.ancestor = c.id
         group by c.id order by downline desc, c.id limit 1`,
  );
  if (!chosen)
    throw new Error(`no ACTIVE verified member with a network on level ${options.level}`);
  const memberId = chosen.id;

  // Paid, linked, not locked (its rewards land in AVAILABLE), and a known password.
  const [prepared] = await rowsOf<{ id: string }>(
    db,
    sql`update users set
          password_hash = ${hash},
          paid_until = case when paid_until > now() + interval '2 days' then paid_until
                            else now() + interval '20 days' end,
          subscription_paid_at = case when paid_until > now() + interval '2 days'
                                      then subscription_paid_at else now() - interval '10 days' end,
          bingx_uid = coalesce(bingx_uid, '8' || lpad((abs(hashtext(id::text)) % 100000000000)::text, 11, '0')),
          earnings_locked_since = null, earnings_lock_reasons = '{}'
        where id = ${memberId}
        returning id`,
  );
  if (!prepared) throw new Error('the measured member vanished');

  await services.auth.ensureAdmin(BENCH_ADMIN_EMAIL, BENCH_PASSWORD, BENCH_ADMIN_TOTP_SECRET);
  const [admin] = await rowsOf<{ id: string; email: string }>(
    db,
    sql`update users set password_hash = ${hash} where email = ${BENCH_ADMIN_EMAIL} and is_admin
        returning id, email`,
  );
  // A code is taken once: let this run's sign-in use the current one again.
  await db.execute(
    sql`update user_two_factor set last_used_step = 0 where user_id = ${admin?.id ?? null}`,
  );
  if (!admin) throw new Error(`${BENCH_ADMIN_EMAIL} exists and is not an administrator`);
  const actor: Actor = { id: admin.id, email: admin.email, ip: null };

  // Sign-in accounts: the oldest ACTIVE verified members of the network, one per connection.
  const signIn = await rowsOf<{ email: string }>(
    db,
    sql`with picked as (
          select id from users
           where email like ${pattern} and status = 'ACTIVE' and is_email_verified
             and id <> ${memberId}
           order by created_at, id limit ${options.signInAccounts}
        )
        update users u set password_hash = ${hash} from picked where u.id = picked.id
        returning u.email`,
  );

  // DOWNLINE rewards: cycles over the whole network (every linked member trades), 28 days each,
  // the newest ending yesterday, credited the day after their period (as the demo data does).
  const [had] = await rowsOf<{ cycles: number }>(
    db,
    sql`select count(distinct cycle_id)::int as cycles from rewards
         where user_id = ${memberId} and type = 'DOWNLINE'`,
  );
  const haveCycles = had?.cycles ?? 0;
  if (haveCycles < options.cycles) {
    const csv = await buildCsv(db, pattern);
    log(
      `Running ${options.cycles - haveCycles} reward cycle(s) over ${fmt(csv.lines)} linked members (about 30 s each here).`,
    );
    const today = Date.UTC(
      new Date().getUTCFullYear(),
      new Date().getUTCMonth(),
      new Date().getUTCDate(),
    );
    for (let i = options.cycles - 1; i >= haveCycles; i--) {
      const periodEnd = new Date(today - (1 + i * CYCLE_DAYS) * DAY_MS);
      const periodStart = new Date(periodEnd.getTime() - (CYCLE_DAYS - 1) * DAY_MS);
      const t0 = performance.now();
      const draft = await services.cycles.prepare(
        cyclePreviewRequestSchema.parse({
          source: 'CSV',
          periodStart: isoDay(periodStart),
          periodEnd: isoDay(periodEnd),
          csv: csv.text,
        }),
        actor,
      );
      await services.cycles.run(draft._id, actor, {
        creditedAt: new Date(periodEnd.getTime() + DAY_MS),
      });
      await services.cycles.settled(draft._id);
      const detail = await services.cycles.detail(draft._id);
      if (detail.status !== 'COMPLETED')
        throw new Error(`cycle ${draft._id} ended ${detail.status}: ${detail.error ?? ''}`);
      const line = `cycle ${detail.number ?? '?'} (${isoDay(periodStart)}..${isoDay(periodEnd)}): ${fmt(detail.rewardLines ?? 0)} reward lines in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      log(`  ${line}`);
      added.push(line);
    }
  }

  // DIRECT rewards: subscription payments of members of its first three levels, through the
  // payment path (simulated chain -> watcher -> credit), which needs deposit addresses.
  const [direct] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from rewards where user_id = ${memberId} and type = 'DIRECT'`,
  );
  if ((direct?.n ?? 0) === 0) {
    const payers = await rowsOf<{ id: string; wallet: string | null }>(
      db,
      sql`select p.descendant as id, u.wallet_address as wallet
            from referral_paths p join users u on u.id = p.descendant
           where p.ancestor = ${memberId} and p.depth <= 3
           order by p.depth, p.descendant_joined_at, p.descendant limit 40`,
    );
    const deriver = depositAddressDeriver(DEV_DEPOSIT_XPUB);
    for (const payer of payers.filter((p) => p.wallet === null)) {
      const [next] = await rowsOf<{ n: string }>(db, sql`select nextval('deposit_index_seq') as n`);
      const index = Number(next?.n);
      await db.execute(
        sql`update users set deposit_index = ${index}, wallet_address = ${deriver.addressAt(index)}
             where id = ${payer.id}`,
      );
    }
    await services.subscriptions.scan();
    for (const payer of payers) await services.subscriptions.simulatePayment(payer.id, 10);
    added.push(`${payers.length} subscription payments of its first three levels (DIRECT rewards)`);
  }

  // Withdrawals: four paid, one rejected, one pending, each after a one-time code.
  const [withdrawn] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from withdrawals where user_id = ${memberId}`,
  );
  if ((withdrawn?.n ?? 0) === 0) {
    const address = depositAddressDeriver(DEV_DEPOSIT_XPUB).addressAt(WITHDRAWAL_ADDRESS_INDEX);
    const plan = [
      { amount: 120, outcome: 'APPROVED' },
      { amount: 75.5, outcome: 'APPROVED' },
      { amount: 40, outcome: 'REJECTED' },
      { amount: 250, outcome: 'APPROVED' },
      { amount: 60, outcome: 'APPROVED' },
      { amount: 35, outcome: 'PENDING' },
    ] as const;
    for (const [i, step] of plan.entries()) {
      const code = String(100_000 + i);
      await db.execute(sql`
        insert into withdrawal_otps (user_id, code_hash, expires_at)
        values (${memberId}, ${services.otp.hash(memberId, code)}, now() + interval '10 minutes')`);
      const request = await services.withdrawals.create(memberId, {
        amount: step.amount,
        walletAddress: address,
        asset: 'USDT',
        otp: code,
      });
      if (step.outcome === 'APPROVED')
        await services.withdrawalReview.decide(
          request._id,
          { status: 'APPROVED', transactionHash: `0x${randomBytes(32).toString('hex')}` },
          actor,
        );
      else if (step.outcome === 'REJECTED')
        await services.withdrawalReview.decide(
          request._id,
          { status: 'REJECTED', reason: 'Address checks failed (benchmark data)' },
          actor,
        );
    }
    added.push(`${plan.length} withdrawals (4 paid, 1 rejected, 1 pending)`);
  }

  if (added.length > 0) {
    log('VACUUM ANALYZE of the tables written');
    for (const table of [
      'users',
      'referral_paths',
      'rewards',
      'ledger_entries',
      'balances',
      'withdrawals',
    ])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
  }

  const [facts] = await rowsOf<{
    user_id: string;
    email: string;
    level: number;
    direct: number;
    downline: number;
    cycles: number;
    ledger: number;
    available: string;
  }>(
    db,
    sql`select u.user_id, u.email,
               (select depth::int from referral_paths where ancestor = ${top.id} and descendant = u.id) as level,
               (select count(*)::int from rewards where user_id = u.id and type = 'DIRECT') as direct,
               (select count(*)::int from rewards where user_id = u.id and type = 'DOWNLINE') as downline,
               (select count(distinct cycle_id)::int from rewards where user_id = u.id) as cycles,
               (select count(*)::int from ledger_entries where user_id = u.id) as ledger,
               coalesce((select available_micro::text from balances where user_id = u.id), '0') as available
          from users u where u.id = ${memberId}`,
  );
  if (!facts) throw new Error('the measured member vanished');
  const statuses = await rowsOf<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from withdrawals where user_id = ${memberId}
         group by status order by status`,
  );
  return {
    network: {
      topEmail: top.email,
      members: size?.members ?? 0,
      paths: size?.paths ?? 0,
      generated,
    },
    member: {
      id: memberId,
      userId: facts.user_id,
      email: facts.email,
      level: facts.level,
      downline: chosen.downline,
      rewards: { direct: facts.direct, downline: facts.downline, cycles: facts.cycles },
      ledgerEntries: facts.ledger,
      withdrawals: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      availableUsdt: Number(facts.available) / 1e6,
    },
    signIn,
    admin: { email: admin.email },
    added,
  };
}

/** FNV-1a of the UID: the same member always trades the same master amount (1 to 500 USDT). */
function amountOf(uid: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < uid.length; i++) {
    h ^= uid.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return 1_000_000 + (h % 499_000_001);
}

/** uid,amount of every linked member of the network. */
async function buildCsv(db: Db, pattern: string) {
  const rows = await rowsOf<{ uid: string }>(
    db,
    sql`select bingx_uid as uid from users
         where email like ${pattern} and bingx_uid is not null order by created_at, id`,
  );
  const lines = ['uid,amount'];
  for (const { uid } of rows) {
    const micro = amountOf(uid);
    lines.push(`${uid},${Math.floor(micro / 1e6)}.${String(micro % 1e6).padStart(6, '0')}`);
  }
  return { text: lines.join('\n'), lines: rows.length };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
