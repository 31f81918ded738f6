import { randomBytes, randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@ctn/contracts/constants';
import { sql, type SQL } from 'drizzle-orm';
import type { AuthService } from '../src/modules/auth/auth.service';
import type { RegistrationService } from '../src/modules/auth/registration.service';
import { rowsOf, type Database, type Db } from '../src/db/client';

/**
 * Writes a realistic referral network of any size with set-based SQL: one INSERT … SELECT for
 * the members and one per level for the closure table (the registration rule "the referrer's
 * paths one level deeper, plus the referrer", applied to a whole level at once). No row-by-row
 * inserts, so 100k members take seconds on PostgreSQL.
 *
 * Shape (each member picks a referrer among those who joined before them):
 * - 55% pick uniformly (a random recursive tree: depth grows like ln n);
 * - 15% pick with a strong bias to early members (a few big recruiters, skewed branching);
 * - 30% pick one of the 8 members who joined just before them (recruiting chains, so the
 *   network runs 15+ levels deep even at a few hundred members).
 * Mix: ~90% ACTIVE, 6% LOCKED, 4% DISABLED; ~62% paid, 13% lapsed, 25% never paid; most payers
 * linked an exchange UID; 97% verified emails; join dates spread over the past year, always after
 * the referrer's. Generated members have no password (they cannot sign in) and no deposit address;
 * only the top member gets a password. No rewards: that table does not exist yet.
 */

export const NETWORK_EMAIL_DOMAIN = 'network.example';

/** A generated network's top member; `tag` names its members (`first.last.n.<tag>@...`). */
export interface GeneratedTop {
  id: string;
  email: string;
  tag: string;
}

/**
 * The newest generated network with at least `members` members below its top member (the
 * benchmarks reuse one instead of generating it again).
 */
export async function findGeneratedNetwork(
  db: Db,
  members: number,
): Promise<GeneratedTop | undefined> {
  const tops = await rowsOf<GeneratedTop>(
    db,
    sql`select id, email, substring(email from '^top\\.(.*)@') as tag from users
         where email like ${`top.%@${NETWORK_EMAIL_DOMAIN}`} order by created_at desc`,
  );
  for (const top of tops) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from users
           where email like ${`%.${top.tag}@${NETWORK_EMAIL_DOMAIN}`} and id <> ${top.id}`,
    );
    if ((row?.n ?? 0) >= members) return top;
  }
  return undefined;
}
export const TOP_PASSWORD = 'NetworkTop@2026';

export interface GenerateOptions {
  /** Members below the top member. */
  members: number;
  /** Referral code of the member the top member joins under (default: the root account). */
  underCode?: string | undefined;
  /** Seed of the shape and the mix (PostgreSQL setseed); random when absent. */
  seed?: number | undefined;
  log?: (line: string) => void;
}

export interface GeneratedNetwork {
  top: { id: string; email: string; password: string; referralCode: string };
  members: number;
  deepestLevel: number;
  paths: number;
  seconds: number;
}

const FIRST_NAMES = [
  'Sofia', 'Liam', 'Noah', 'Emma', 'Mia', 'Lucas', 'Aria', 'Ethan', 'Zoe', 'Omar', 'Lena', 'Kai',
  'Amara', 'Diego', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Leila', 'Mateo', 'Nadia', 'Oscar', 'Priya',
  'Quinn', 'Rafael', 'Sara', 'Tomas', 'Uma', 'Victor', 'Wen', 'Yara', 'Zain', 'Elif', 'Jonas',
  'Chloe', 'Arjun', 'Mei', 'Felix', 'Ines', 'Hugo',
]; // prettier-ignore
const LAST_NAMES = [
  'Patel', 'Chen', 'Garcia', 'Novak', 'Okafor', 'Silva', 'Kim', 'Rossi', 'Haddad', 'Berg',
  'Nguyen', 'Schmidt', 'Kowalski', 'Ibrahim', 'Tanaka', 'Moreau', 'Costa', 'Singh', 'Larsen',
  'Mensah', 'Petrov', 'Yilmaz', 'Dubois', 'Santos', 'Jensen', 'Ali', 'Fischer', 'Romero', 'Sato',
  'Walsh',
]; // prettier-ignore

/** 31^8: referral codes are 8 characters of a 31-letter alphabet. */
const CODE_SPACE = BigInt(REFERRAL_CODE_ALPHABET.length) ** BigInt(REFERRAL_CODE_LENGTH);
const UID_SPACE = 9_000_000_000n;

export async function generateNetwork(
  database: Database,
  { auth, registration }: { auth: AuthService; registration: RegistrationService },
  options: GenerateOptions,
): Promise<GeneratedNetwork> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const { db } = database;
  if (!Number.isInteger(options.members) || options.members < 1)
    throw new Error('--members must be a whole number of at least 1');

  const under = options.underCode
    ? await auth.findByReferralCode(options.underCode.toUpperCase())
    : await auth.findByReferralCode((await auth.ensureRoot(undefined)).code);
  if (!under) throw new Error(`no member has the referral code ${options.underCode}`);
  if (under.isAdmin) throw new Error('an administrator is outside the network');

  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const topEmail = `top.${tag}@${NETWORK_EMAIL_DOMAIN}`;
  const top = await registration.createAccount({
    firstName: 'Nora',
    lastName: 'Network',
    email: topEmail,
    password: TOP_PASSWORD,
    referrerId: under.id,
    emailVerified: true,
  });
  // Paid and linked (so the member pages open), and older than everyone below.
  await db.execute(sql`
    update users set paid_until = now() + interval '30 days',
           subscription_paid_at = now() - interval '1 day',
           bingx_uid = ${`9${Date.now()}`.slice(0, 12)},
           created_at = now() - interval '366 days'
     where id = ${top.id}`);
  log(`top member ${topEmail} under ${under.referralCode}`);

  // PostgreSQL's setseed takes a number in [-1, 1].
  const seed = ((options.seed ?? randomInt(0, 1_000_003)) % 1_000_003) / 1_000_003;
  const n = options.members;
  let deepestLevel = 0;
  let paths = 0;

  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(${seed})`);
    // Commit durably even where synchronous_commit is off (our test clusters): VACUUM cannot
    // mark pages all-visible before the commit is flushed, and index-only scans need that.
    await tx.execute(sql`set local synchronous_commit = on`);
    await tx.execute(sql`
      create temp table network_gen (
        n integer primary key, id uuid not null, parent integer, lvl integer, parent_id uuid,
        r_status float8, r_verified float8, r_sub float8, r_link float8, r_days float8,
        first_name text, last_name text, code text, uid text
      ) on commit drop`);
    await step(log, 'members drawn', () =>
      tx.execute(sql`
        insert into network_gen (n, id, parent, r_status, r_verified, r_sub, r_link, r_days,
                                 first_name, last_name, code, uid)
        select s.n, gen_random_uuid(),
               case when s.r < 0.55 then floor(s.n * s.u)::int
                    when s.r < 0.70 then floor(s.n * power(s.u, 2.5))::int
                    else greatest(0, s.n - 1 - floor(s.u * 8)::int) end,
               random(), random(), random(), random(), random(),
               (${sql.raw(textArray(FIRST_NAMES))})[1 + floor(random() * ${FIRST_NAMES.length})::int],
               (${sql.raw(textArray(LAST_NAMES))})[1 + floor(random() * ${LAST_NAMES.length})::int],
               ${codeOf('s.n')}, ${uidOf('s.n')}
          from (select g as n, random() as r, random() as u
                  from generate_series(1, ${n}) as g) as s`),
    );
    await tx.execute(sql`insert into network_gen (n, id, lvl) values (0, ${top.id}, 0)`);
    await tx.execute(sql`create index on network_gen (parent)`);
    await tx.execute(sql`analyze network_gen`);

    await step(log, 'levels computed', async () => {
      await tx.execute(sql`
        with recursive d(n, id, lvl, parent_id) as (
          select 0, ${top.id}::uuid, 0, null::uuid
          union all
          select g.n, g.id, d.lvl + 1, d.id from network_gen g join d on g.parent = d.n
        )
        update network_gen g set lvl = d.lvl, parent_id = d.parent_id
          from d where d.n = g.n and g.n > 0`);
      await tx.execute(sql`create index on network_gen (lvl)`);
    });

    await step(log, 'codes and exchange UIDs checked', async () => {
      await redrawClashes(tx, 'code', 'referral_code', () => codeOf('g.n'));
      await redrawClashes(tx, 'uid', 'bingx_uid', () => uidOf('g.n'));
    });

    await step(log, `${n} members inserted`, () =>
      tx.execute(sql`
        insert into users (id, first_name, last_name, email, password_hash, is_email_verified,
                           email_verified_at, status, referral_code, referred_by, bingx_uid,
                           subscription_paid_at, paid_until, last_login_at, created_at, updated_at)
        select g.id, g.first_name, g.last_name,
               lower(g.first_name || '.' || g.last_name || '.' || g.n || '.' || ${tag} || '@' || ${NETWORK_EMAIL_DOMAIN}),
               null, g.r_verified < 0.97, case when g.r_verified < 0.97 then j.joined end,
               case when g.r_status < 0.90 then 'ACTIVE' when g.r_status < 0.96 then 'LOCKED'
                    else 'DISABLED' end,
               g.code, g.parent_id,
               case when g.r_sub < 0.75 and g.r_link < 0.85 then g.uid end,
               case when g.r_sub < 0.75 then p.until - interval '30 days' end,
               case when g.r_sub < 0.75 then p.until end,
               case when g.r_status < 0.90 and g.r_verified < 0.7
                    then j.joined + (now() - j.joined) * g.r_days end,
               j.joined, j.joined
          from network_gen g
         cross join lateral (
               select now() - interval '365 days'
                      + (g.n::float8 / ${n + 1}) * interval '365 days' as joined) as j
         cross join lateral (
               select case when g.r_sub < 0.62 then now() + interval '1 day' * (1 + floor(g.r_days * 29))
                           else now() - interval '1 day' * (1 + floor(g.r_days * 60)) end as until) as p
         where g.n > 0
         order by g.n`),
    );

    const [deepest] = await rowsOf<{ lvl: number }>(
      tx,
      sql`select coalesce(max(lvl), 0)::int as lvl from network_gen`,
    );
    deepestLevel = deepest?.lvl ?? 0;
    await step(log, `closure table written, ${deepestLevel} levels`, async () => {
      for (let level = 1; level <= deepestLevel; level++) {
        await tx.execute(sql`
          insert into referral_paths (ancestor, descendant, depth)
          select g.parent_id, g.id, 1 from network_gen g where g.lvl = ${level}
          union all
          select rp.ancestor, g.id, rp.depth + 1
            from network_gen g join referral_paths rp on rp.descendant = g.parent_id
           where g.lvl = ${level} and rp.depth < 15
           order by 1, 2`);
      }
    });
    const [count] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from referral_paths rp join network_gen g on g.id = rp.descendant`,
    );
    paths = count?.n ?? 0;
  });

  // Fresh statistics and visibility maps: the planner and index-only scans need them.
  await step(log, 'vacuum analyze', async () => {
    // Vacuums first, ANALYZE last: a committed ANALYZE (asynchronously, on our test clusters)
    // keeps a following VACUUM from marking pages all-visible.
    await db.execute(sql`vacuum referral_paths`);
    await db.execute(sql`vacuum users`);
    await db.execute(sql`analyze referral_paths, users`);
  });

  return {
    top: {
      id: top.id,
      email: topEmail,
      password: TOP_PASSWORD,
      referralCode: top.referralCode,
    },
    members: n,
    deepestLevel,
    paths,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Runs `fn` and logs how long it took. */
async function step<T>(log: (line: string) => void, what: string, fn: () => Promise<T>) {
  const started = performance.now();
  const result = await fn();
  log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

function textArray(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

/**
 * Values of `column` come from a bijection of the member number (so they are distinct among
 * themselves); the rare clash with an existing member's value is drawn again with another salt.
 */
async function redrawClashes(
  tx: Db,
  column: 'code' | 'uid',
  existing: 'referral_code' | 'bingx_uid',
  value: () => SQL,
): Promise<void> {
  const clash = sql`g.n > 0 and g.${sql.raw(column)} in (select ${sql.raw(existing)} from users where ${sql.raw(existing)} is not null)`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from network_gen g where ${clash}`,
    );
    if (!row || row.n === 0) return;
    await tx.execute(sql`update network_gen g set ${sql.raw(column)} = ${value()} where ${clash}`);
  }
  throw new Error(`could not find unused values of ${existing}`);
}

/** The 8 base-31 digits of (n * A + salt) mod 31^8 (A is not a multiple of 31: a bijection). */
function codeOf(n: string): SQL {
  const multiplier = 295_075_153n;
  const salt = BigInt(randomInt(0, 2 ** 47)) % CODE_SPACE;
  const value = `((${n}::bigint * ${multiplier} + ${salt}) % ${CODE_SPACE})`;
  const letters = Array.from({ length: REFERRAL_CODE_LENGTH }, (_, i) => {
    const power = 31n ** BigInt(REFERRAL_CODE_LENGTH - 1 - i);
    return `substr('${REFERRAL_CODE_ALPHABET}', ((${value} / ${power}) % 31)::int + 1, 1)`;
  });
  return sql.raw(`(${letters.join(' || ')})`);
}

/** 10 digits: 1e9 + (n * B + salt) mod 9e9 (B is a prime, coprime with 9e9: a bijection). */
function uidOf(n: string): SQL {
  const multiplier = 1_000_003n;
  const salt = BigInt(randomInt(0, 2 ** 47)) % UID_SPACE;
  return sql.raw(`(1000000000 + (${n}::bigint * ${multiplier} + ${salt}) % ${UID_SPACE})::text`);
}
