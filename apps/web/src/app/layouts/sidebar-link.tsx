import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { isItemActive, type NavItem } from './nav-items';

/** An entry of a sidebar: icon, label and subtitle; icon only with a tooltip when collapsed. */
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
  return (
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
      {active && !collapsed ? (
        <span
          aria-hidden="true"
          className="absolute inset-y-2 left-0 w-1 rounded-r-full bg-primary"
        />
      ) : null}
      {Icon ? <Icon className="size-5 shrink-0" aria-hidden="true" /> : null}
      <span className={cn('min-w-0', collapsed && 'sr-only')}>
        <span className="block truncate text-sm font-semibold">{item.label}</span>
        {item.subtitle ? (
          <span className="block truncate text-xs opacity-75">{item.subtitle}</span>
        ) : null}
      </span>
      {collapsed ? (
        <span
          aria-hidden="true"
          className="pointer-events-none invisible absolute top-1/2 left-full z-50 ml-3 -translate-y-1/2 rounded-lg bg-slate-900 px-3 py-2 whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100 dark:bg-slate-700"
        >
          <span className="block text-sm font-semibold">{item.label}</span>
          {item.subtitle ? (
            <span className="block text-xs text-slate-300">{item.subtitle}</span>
          ) : null}
        </span>
      ) : null}
    </Link>
  );
}
