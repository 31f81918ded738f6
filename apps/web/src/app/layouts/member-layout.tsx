import { PanelLeftClose, PanelLeftOpen, Wrench } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { TooltipProvider } from '@/components/ui/tooltip';
import { getMaintenanceText, subscribeMaintenance } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { readItem, SIDEBAR_COLLAPSED_KEY, writeItem } from '@/lib/storage';
import { isItemActive, MEMBER_BOTTOM_NAV, MEMBER_SIDEBAR } from './nav-items';
import { Navbar } from './navbar';
import { SidebarLink } from './sidebar-link';

/**
 * Member pages (member section 2): the top bar; on large screens a sidebar that collapses from
 * 16rem to 5rem (icons with tooltips; the choice is kept); below that, a bottom bar with the
 * member pages within thumb's reach, besides the top bar's menu.
 */
export function MemberLayout() {
  const [collapsed, setCollapsed] = useState(
    () => readItem('local', SIDEBAR_COLLAPSED_KEY) === '1',
  );
  const toggle = () =>
    setCollapsed((current) => {
      writeItem('local', SIDEBAR_COLLAPSED_KEY, current ? '0' : '1');
      return !current;
    });
  const maintenance = useSyncExternalStore(subscribeMaintenance, getMaintenanceText, () => null);
  if (maintenance !== null) return <MaintenancePage text={maintenance} />;

  return (
    <div className="min-h-dvh">
      <Navbar variant="app" />
      {/* In the flow beside the page, so its panel runs the page's whole height (a fixed panel
          ends at the first screen in a full-page view); its contents stay in sight (sticky). */}
      <div className="pt-16 lg:flex">
        <aside
          aria-label="Member navigation"
          data-collapsed={collapsed}
          className={cn(
            'hidden shrink-0 border-r border-border bg-surface transition-[width] duration-200 motion-reduce:transition-none lg:block',
            collapsed ? 'w-20' : 'w-64',
          )}
        >
          <div className="sticky top-16 flex h-[calc(100dvh-4rem)] flex-col">
            <TooltipProvider delayDuration={150}>
              <nav aria-label="Member pages" className="flex-1 space-y-1 overflow-y-auto p-3">
                {MEMBER_SIDEBAR.map((item) => (
                  <SidebarLink key={item.to} item={item} collapsed={collapsed} />
                ))}
              </nav>
            </TooltipProvider>
            <div className="border-t border-border p-3">
              <button
                type="button"
                onClick={toggle}
                aria-expanded={!collapsed}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl py-2.5 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  collapsed ? 'justify-center px-0' : 'px-3',
                )}
              >
                {collapsed ? (
                  <PanelLeftOpen className="size-5" aria-hidden="true" />
                ) : (
                  <PanelLeftClose className="size-5" aria-hidden="true" />
                )}
                {collapsed ? null : <span>Collapse</span>}
              </button>
            </div>
          </div>
        </aside>
        <main id="main" className="min-h-[calc(100dvh-4rem)] min-w-0 flex-1 pb-20 lg:pb-0">
          <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8 lg:py-10">
            <Outlet />
          </div>
        </main>
      </div>
      <BottomNav />
    </div>
  );
}

/** Maintenance mode (admin settings): any API answer MAINTENANCE_MODE replaces the app. */
function MaintenancePage({ text }: { text: string }) {
  return (
    <main
      id="main"
      className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center"
    >
      <Logo />
      <Wrench className="size-12 text-primary" aria-hidden="true" />
      <div className="max-w-md space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          We&apos;ll be back soon
        </h1>
        <p className="text-fg-muted">{text}</p>
      </div>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Try again
      </Button>
    </main>
  );
}

/** Phones and tablets: the member pages in a bar at the bottom of the screen. */
function BottomNav() {
  const { pathname } = useLocation();
  // Toasts rise above the bar while it is there (index.css, [data-bottom-nav]).
  useEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-bottom-nav', '');
    return () => root.removeAttribute('data-bottom-nav');
  }, []);
  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-lg lg:hidden"
    >
      <ul className="mx-auto grid max-w-xl grid-cols-5">
        {MEMBER_BOTTOM_NAV.map((item) => {
          const active = isItemActive(item, pathname);
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring',
                  active ? 'text-primary' : 'text-fg-muted hover:text-fg',
                )}
              >
                {Icon ? (
                  <span
                    className={cn(
                      'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                      active && 'bg-primary-soft',
                    )}
                  >
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                ) : null}
                <span className="truncate">{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
