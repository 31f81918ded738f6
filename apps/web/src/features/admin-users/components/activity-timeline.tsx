import type { Activity, ActivityType } from '@ctn/contracts/reports';
import { Badge, statusLabel, type BadgeVariant } from '@/components/ui/badge';
import { formatDateTime, formatUsd } from '@/lib/format';

const ACTIVITY_VARIANTS: Record<ActivityType, BadgeVariant> = {
  LOGIN: 'neutral',
  REWARD_CLAIM: 'success',
  WITHDRAWAL: 'warning',
  REFERRAL: 'purple',
  SUBSCRIPTION: 'info',
};

export function ActivityBadge({ type }: { type: ActivityType }) {
  return (
    <Badge variant={ACTIVITY_VARIANTS[type]} data-type={type}>
      {statusLabel(type)}
    </Badge>
  );
}

/** A member's activities, newest first. */
export function ActivityTimeline({ activities }: { activities: readonly Activity[] }) {
  if (activities.length === 0)
    return <p className="py-6 text-center text-sm text-fg-muted">No activity yet</p>;
  return (
    <ol aria-label="Activity timeline" className="divide-y divide-border">
      {activities.map((activity, i) => (
        <li key={`${activity.at}-${activity.type}-${i}`} className="space-y-1 py-2.5">
          <div className="flex items-center justify-between gap-3">
            <ActivityBadge type={activity.type} />
            <time dateTime={activity.at} className="text-xs text-fg-muted tabular-nums">
              {formatDateTime(activity.at)}
            </time>
          </div>
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 text-sm break-words text-fg">{activity.summary}</p>
            {activity.amount !== undefined ? (
              <span className="shrink-0 text-sm font-semibold text-fg tabular-nums">
                {formatUsd(activity.amount)}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
