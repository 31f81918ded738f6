import { LogOut, Menu, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Logo, LogoMark } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { fullName } from '@/lib/format';
import { paths } from '@/lib/paths';
import { signOut, useAuthenticatedUser } from '@/lib/session';
import { ADMIN_SIDEBAR } from './nav-items';
import { SidebarLink } from './sidebar-link';
import { useEscape } from './use-escape';
import { UserAvatar } from './user-avatar';

/** The admin panel: top bar (name, Administrator, logout) and sidebar (admin section 2). */
export function AdminLayout() {
  const user = useAuthenticatedUser();
  const location = useLocation();
  const navigate = useNavigate();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = openOn === location.pathname;
  const closeDrawer = useCallback(() => setOpenOn(null), []);
  const closeAndFocusToggle = useCallback(() => {
    setOpenOn(null);
    toggleRef.current?.focus();
  }, []);
  useEscape(drawerOpen, closeAndFocusToggle);

  const onLogout = () => {
    signOut();
    void navigate(paths.signin, { replace: true });
  };

  const links = (onNavigate?: () => void) => (
    <nav aria-label="Admin pages" className="space-y-1 p-3">
      {ADMIN_SIDEBAR.map((item) => (
        <SidebarLink key={item.to} item={item} onNavigate={onNavigate} />
      ))}
    </nav>
  );

  return (
    <div className="min-h-dvh">
      <header className="fixed inset-x-0 top-0 z-50 border-b border-border bg-surface/90 backdrop-blur-lg">
        <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <button
              ref={toggleRef}
              type="button"
              onClick={() => setOpenOn(drawerOpen ? null : location.pathname)}
              aria-expanded={drawerOpen}
              aria-controls="admin-drawer"
              aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
              className="flex size-10 shrink-0 items-center justify-center rounded-lg text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring lg:hidden"
            >
              {drawerOpen ? (
                <X className="size-6" aria-hidden="true" />
              ) : (
                <Menu className="size-6" aria-hidden="true" />
              )}
            </button>
            <Link
              to={paths.admin.dashboard}
              aria-label="Admin dashboard"
              className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
            >
              <span className="hidden sm:block">
                <Logo />
              </span>
              <span className="block sm:hidden">
                <LogoMark />
              </span>
            </Link>
            <span className="hidden sm:block">
              <Badge variant="primary">Admin</Badge>
            </span>
          </div>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            <ThemeToggle />
            <div className="min-w-0 text-right">
              <p className="truncate text-sm font-semibold text-fg">{fullName(user)}</p>
              <p className="text-xs font-medium text-primary">Administrator</p>
            </div>
            <span className="hidden sm:block">
              <UserAvatar firstName={user.firstName} lastName={user.lastName} />
            </span>
            <Button variant="outline" size="sm" onClick={onLogout} aria-label="Logout">
              <LogOut className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Logout</span>
            </Button>
          </div>
        </div>
      </header>

      {drawerOpen ? (
        <div className="fixed inset-0 top-16 z-40 lg:hidden">
          <button
            type="button"
            aria-label="Close navigation"
            tabIndex={-1}
            onClick={closeDrawer}
            className="absolute inset-0 bg-slate-950/40 backdrop-blur-sm"
          />
          <aside
            id="admin-drawer"
            aria-label="Admin navigation"
            className="relative h-full w-72 max-w-[85vw] overflow-y-auto border-r border-border bg-surface shadow-xl"
          >
            {links(closeDrawer)}
          </aside>
        </div>
      ) : null}

      {/* In the flow beside the page, so its panel runs the page's whole height; its links stay
          in sight (sticky). The page may be wide: admin tables need the room. */}
      <div className="pt-16 lg:flex">
        <aside
          aria-label="Admin navigation"
          className="hidden w-64 shrink-0 border-r border-border bg-surface lg:block"
        >
          <div className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto">{links()}</div>
        </aside>
        <main id="main" className="min-h-[calc(100dvh-4rem)] min-w-0 flex-1">
          <div className="mx-auto max-w-[1600px] px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
