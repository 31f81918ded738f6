import { Link, useLocation } from 'react-router';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { isItemActive, type NavItem } from './nav-items';

/**
 * An entry of a sidebar: icon, label and subtitle. Collapsed, only the icon shows and a tooltip
 * (hover or keyboard focus; Escape closes it) gives the label and subtitle; the link keeps its
 * name for screen readers. A collapsed sidebar must sit inside a TooltipProvider.
 */
export function SidebarLink({
  item,
  collapsed = false,
  onNavigate,
}: {
  item: NavItem;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isItemActive(item, pathname);
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'group relative flex items-center gap-3 rounded-xl py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        collapsed ? 'justify-center px-0' : 'px-3',
        active
          ? 'bg-primary-soft text-primary-soft-fg'
          : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      {active ? (
        <span
          aria-hidden="true"
          className={cn(
            'absolute left-0 w-1 rounded-r-full bg-primary',
            collapsed ? 'inset-y-3' : 'inset-y-2',
          )}
        />
      ) : null}
      {Icon ? <Icon className="size-5 shrink-0" aria-hidden="true" /> : null}
      <span className={cn('min-w-0', collapsed && 'sr-only')}>
        <span className="block truncate text-sm font-semibold">{item.label}</span>
        {item.subtitle ? (
          <span className="block truncate text-xs opacity-80">{item.subtitle}</span>
        ) : null}
      </span>
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip
      content={
        <span>
          <span className="block text-sm font-semibold">{item.label}</span>
          {item.subtitle ? (
            <span className="block text-xs text-slate-300">{item.subtitle}</span>
          ) : null}
        </span>
      }
    >
      {link}
    </Tooltip>
  );
}
