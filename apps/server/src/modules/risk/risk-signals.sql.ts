import { sql, type SQL } from 'drizzle-orm';
import { RISK_RULES, SECOND_FACTOR_FAILURE_KINDS } from './risk-rules';

/**
 * One SELECT per signal kind, each set-based over the tables that already hold the evidence.
 * Every one answers the same columns: `key` (stable while the same members share the same thing,
 * so a review sticks), `kind`, `member_ids`, `evidence`, `first_seen`, `last_seen`.
 * Administrators and the root are never among the members.
 */
const R = RISK_RULES;
const lookback = sql`now() - make_interval(days => ${R.lookbackDays})`;
const membersOnly = (alias: string) =>
  sql.raw(
    `not exists (select 1 from users adm where adm.id = ${alias} and (adm.is_admin or adm.is_root))`,
  );
/** A short, stable name for a set of members: the same set always gives the same key. */
const setName = (ids: string) =>
  sql.raw(`left(md5(string_agg(distinct ${ids}::text, ',' order by ${ids}::text)), 16)`);

const sharedSignInAddress = sql`
  select 'SHARED_SIGN_IN_ADDRESS:' || l.ip || ':' || ${setName('l.user_id')} as key,
         'SHARED_SIGN_IN_ADDRESS' as kind, array_agg(distinct l.user_id) as member_ids,
         count(distinct l.user_id) || ' members signed in from ' || l.ip as evidence,
         min(l.created_at) as first_seen, max(l.created_at) as last_seen
  from member_logins l
  where l.ip is not null and l.created_at > ${lookback} and ${membersOnly('l.user_id')}
  group by l.ip having count(distinct l.user_id) >= ${R.sharedMembersMin}`;

const sharedDevice = sql`
  select 'SHARED_DEVICE:' || md5(s.ip || '|' || s.user_agent) || ':' || ${setName('s.user_id')},
         'SHARED_DEVICE', array_agg(distinct s.user_id),
         count(distinct s.user_id) || ' members used one browser (' || left(s.user_agent, 120)
           || ') from ' || s.ip,
         min(s.created_at), max(s.last_seen_at)
  from user_sessions s
  where s.ip is not null and s.user_agent is not null and s.created_at > ${lookback}
    and ${membersOnly('s.user_id')}
  group by s.ip, s.user_agent having count(distinct s.user_id) >= ${R.sharedMembersMin}`;

const sharedWithdrawalAddress = sql`
  select 'SHARED_WITHDRAWAL_ADDRESS:' || lower(w.wallet_address) || ':' || ${setName('w.user_id')},
         'SHARED_WITHDRAWAL_ADDRESS', array_agg(distinct w.user_id),
         count(distinct w.user_id) || ' members asked to be paid to ' || lower(w.wallet_address),
         min(w.requested_at), max(w.requested_at)
  from withdrawals w
  where ${membersOnly('w.user_id')}
  group by lower(w.wallet_address) having count(distinct w.user_id) >= 2`;

/** An upline and a downline within `loopLevels` who share a sign-in or withdrawal address. */
const referralLoop = sql`
  with shared as (
    select a.user_id as x, b.user_id as y, 'sign-in address ' || a.ip as via,
           min(least(a.created_at, b.created_at)) as first_seen,
           max(greatest(a.created_at, b.created_at)) as last_seen
    from member_logins a
    join member_logins b on b.ip = a.ip and b.user_id <> a.user_id and b.created_at > ${lookback}
    where a.ip is not null and a.created_at > ${lookback}
    group by a.user_id, b.user_id, a.ip
    union all
    select a.user_id, b.user_id, 'withdrawal address ' || lower(a.wallet_address),
           min(least(a.requested_at, b.requested_at)), max(greatest(a.requested_at, b.requested_at))
    from withdrawals a
    join withdrawals b on lower(b.wallet_address) = lower(a.wallet_address)
      and b.user_id <> a.user_id
    group by a.user_id, b.user_id, lower(a.wallet_address)
  )
  select 'REFERRAL_LOOP:' || p.ancestor || ':' || p.descendant || ':' || md5(s.via),
         'REFERRAL_LOOP', array[p.ancestor, p.descendant],
         'Upline and their level-' || p.depth || ' downline share the ' || s.via,
         s.first_seen, s.last_seen
  from shared s
  join referral_paths p on p.ancestor = s.x and p.descendant = s.y
  where p.depth between 1 and ${R.loopLevels} and ${membersOnly('p.ancestor')}`;

/** Each sign-up starts a window; a window holding `burstSignUps` or more is a burst, by hour. */
const signUpBurst = sql`
  with windows as (
    select u.referred_by, u.created_at,
           count(*) over (partition by u.referred_by order by u.created_at
             range between current row and make_interval(mins => ${R.burstWindowMinutes}) following) as n
    from users u where u.referred_by is not null and u.created_at > ${lookback}
  )
  select 'SIGN_UP_BURST:' || w.referred_by || ':' || to_char(date_trunc('hour', min(w.created_at)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24'),
         'SIGN_UP_BURST', array[w.referred_by],
         max(w.n) || ' sign-ups within ' || ${R.burstWindowMinutes}::int || ' minutes under ' || max(c.referral_code),
         min(w.created_at), max(w.created_at)
  from windows w join users c on c.id = w.referred_by
  where w.n >= ${R.burstSignUps}
  group by w.referred_by, date_trunc('hour', w.created_at)`;

const flaggedUidLink = sql`
  select 'FLAGGED_UID_LINK:' || r.user_id || ':' || r.uid, 'FLAGGED_UID_LINK', array[r.user_id],
         'UID ' || r.uid || ': ' || array_to_string(r.reasons, ', ')
           || coalesce('; BingX names invitation code ' || r.invitation_code, ''),
         r.flagged_at, r.flagged_at
  from uid_link_reviews r
  -- Only while the member still holds the UID (a claim may have moved or unlinked it).
  join users holder on holder.id = r.user_id and holder.bingx_uid = r.uid
  where r.status = 'FLAGGED'`;

const uidProbes = sql`
  select 'UID_PROBES:' || a.user_id || ':' || to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD'),
         'UID_PROBES', array[a.user_id],
         count(distinct a.uid) || ' different UIDs checked in one day, from '
           || count(distinct a.ip) || ' address(es)',
         min(a.created_at), max(a.created_at)
  from uid_check_attempts a
  where a.created_at > ${lookback}
  group by a.user_id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD')
  having count(distinct a.uid) >= ${R.uidProbeDistinctUids}`;

const secondFactorAttack = sql`
  select 'SECOND_FACTOR_ATTACK:' || e.user_id || ':' || to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD'),
         'SECOND_FACTOR_ATTACK', array[e.user_id],
         count(*) || ' wrong second-factor codes in one day, from ' || count(distinct e.ip)
           || ' address(es)',
         min(e.created_at), max(e.created_at)
  from security_events e
  where e.kind = any(${`{${SECOND_FACTOR_FAILURE_KINDS.join(',')}}`}::text[]) and e.created_at > ${lookback}
  group by e.user_id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD')
  having count(*) >= ${R.secondFactorFailures}`;

const limited = (select: SQL) =>
  sql`(select * from (${select}) k order by 6 desc limit ${R.perKindLimit})`;

/** Every signal kind's rows, one relation of (key, kind, member_ids, evidence, first_seen, last_seen). */
export const ALL_SIGNALS: SQL = sql.join(
  [
    sharedSignInAddress,
    sharedDevice,
    sharedWithdrawalAddress,
    referralLoop,
    signUpBurst,
    flaggedUidLink,
    uidProbes,
    secondFactorAttack,
  ].map(limited),
  sql` union all `,
);
