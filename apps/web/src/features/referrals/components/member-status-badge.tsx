import { Badge, type BadgeVariant } from '@/components/ui/badge';

/** Account statuses in the spec's colours: ACTIVE green, LOCKED red, DISABLED grey; others neutral. */
const VARIANTS: Record<string, BadgeVariant> = {
  ACTIVE: 'success',
  LOCKED: 'danger',
  DISABLED: 'neutral',
};

export function MemberStatusBadge({ status }: { status: string }) {
  const label = status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();
  return (
    <Badge variant={VARIANTS[status] ?? 'neutral'} data-status={status}>
      {label}
    </Badge>
  );
}
