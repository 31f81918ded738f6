import { desc, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { earningsDisclosures } from '../../db/schema';

export interface WindowFigures {
  members: number;
  earnedNothing: number;
  medianMicro: string;
  p90Micro: string;
  top1ThresholdMicro: string;
  top1AverageMicro: string;
  rewardsMicro: string;
  feesPaidMicro: string;
}

/**
 * The earnings of every member over [from, to): the members are those with a subscription
 * active at some point in it (a payment credited before its end whose paid-until lies after its
 * start) or credited a reward in it; a member credited nothing counts with 0. Percentiles pick a
 * real member's figure (percentile_disc); the top 1% is the ceil(1%) best-earning members.
 */
export async function windowFigures(db: Db, from: Date, to: Date): Promise<WindowFigures> {
  const [row] = await rowsOf<WindowFigures>(
    db,
    sql`
    with earned_by_user as (
      select user_id, sum(reward_micro) as micro from rewards
      where created_at >= ${from} and created_at < ${to}
      group by user_id
    ), subscribed as (
      select distinct user_id from subscription_payments
      where credited_at < ${to} and paid_until_after > ${from}
    ), earned as (
      select coalesce(e.micro, 0)::bigint as micro from users u
      left join earned_by_user e on e.user_id = u.id
      where not u.is_admin and not u.is_root
        and (e.user_id is not null or u.id in (select user_id from subscribed))
    ), ranked as (
      select micro, row_number() over (order by micro desc) as rank, count(*) over () as total
      from earned
    )
    select
      count(*)::int as "members",
      (count(*) filter (where micro = 0))::int as "earnedNothing",
      coalesce(percentile_disc(0.5) within group (order by micro), 0)::text as "medianMicro",
      coalesce(percentile_disc(0.9) within group (order by micro), 0)::text as "p90Micro",
      coalesce(min(micro) filter (where rank <= ceil(total / 100.0)), 0)::text
        as "top1ThresholdMicro",
      coalesce(round(avg(micro) filter (where rank <= ceil(total / 100.0))), 0)::bigint::text
        as "top1AverageMicro",
      coalesce(sum(micro), 0)::text as "rewardsMicro",
      (select coalesce(sum(amount_micro), 0) from subscription_payments
        where credited_at >= ${from} and credited_at < ${to})::text as "feesPaidMicro"
    from ranked`,
  );
  return row!;
}

export async function saveDisclosure(
  db: Db,
  day: string,
  figures: unknown,
  builtAt: Date,
): Promise<void> {
  await db
    .insert(earningsDisclosures)
    .values({ day, figures, builtAt })
    .onConflictDoUpdate({ target: earningsDisclosures.day, set: { figures, builtAt } });
}

export interface DisclosureRow {
  /** The UTC day built, 'YYYY-MM-DD'. */
  day: string;
  figures: unknown;
  builtAt: Date;
}

export async function latestDisclosure(db: Db): Promise<DisclosureRow | null> {
  const [row] = await db
    .select({
      day: earningsDisclosures.day,
      figures: earningsDisclosures.figures,
      builtAt: earningsDisclosures.builtAt,
    })
    .from(earningsDisclosures)
    .orderBy(desc(earningsDisclosures.day))
    .limit(1);
  return row ?? null;
}
