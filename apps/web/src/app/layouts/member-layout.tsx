import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { cn } from '@/lib/cn';
import { MEMBER_SIDEBAR } from './nav-items';
import { Navbar } from './navbar';
import { SidebarLink } from './sidebar-link';

/** Member pages: the top bar, and on large screens a collapsible sidebar (16rem / 5rem). */
export function MemberLayout() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <div className="min-h-dvh">
      <Navbar variant="app" />
      <aside
        aria-label="Member navigation"
        data-collapsed={collapsed}
        className={cn(
          'fixed top-16 bottom-0 left-0 z-40 hidden flex-col border-r border-border bg-surface transition-[width] duration-200 lg:flex',
          collapsed ? 'w-20' : 'w-64',
        )}
      >
        <nav
          aria-label="Member pages"
          // Collapsed, the tooltips stick out of the sidebar: nothing may clip them.
          className={cn('flex-1 space-y-1 p-3', collapsed ? 'overflow-visible' : 'overflow-y-auto')}
        >
          {MEMBER_SIDEBAR.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={collapsed} />
          ))}
        </nav>
        <div className="border-t border-border p-3">
          <button
            type="button"
            onClick={() => setCollapsed((c) => !c)}
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
      </aside>
      <main
        id="main"
        className={cn(
          'pt-16 transition-[padding] duration-200',
          collapsed ? 'lg:pl-20' : 'lg:pl-64',
        )}
      >
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
