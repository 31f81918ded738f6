import { NAVBAR_OPAQUE_AFTER_PX } from '@ctn/contracts/constants';
import { LayoutDashboard, LifeBuoy, LogOut, Menu, UserCog, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { paths } from '@/lib/paths';
import { signOut, useSession } from '@/lib/session';
import {
  isItemActive,
  MEMBER_MOBILE_LINKS,
  MEMBER_MOBILE_MENU_ROUTES,
  PUBLIC_LINKS,
  type NavItem,
} from './nav-items';
import { useEscape } from './use-escape';
import { UserAvatar } from './user-avatar';

// The menu (Radix dropdown) is only for signed-in users: visitors never download it.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const menuFallback = <Skeleton className="h-11 w-32 rounded-full" />;

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > px,
    () => false,
  );
}

const desktopLinkClasses =
  'rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const mobileLinkClasses =
  'flex items-center rounded-xl px-3 py-3 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';

export interface NavbarProps {
  /** `public`: transparent at the top of the page; `app`: always opaque, full width (member pages). */
  variant?: 'public' | 'app';
}

/** The fixed navigation bar (member section 2, "Navigation bar"). */
export function Navbar({ variant = 'public' }: NavbarProps) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const scrolled = useScrolledPast(NAVBAR_OPAQUE_AFTER_PX);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // The mobile menu belongs to the page it was opened on: any navigation closes it.
  const here = `${location.pathname}${location.hash}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === here;
  const closeMenu = useCallback(() => setOpenOn(null), []);
  const closeAndFocusToggle = useCallback(() => {
    setOpenOn(null);
    toggleRef.current?.focus();
  }, []);
  useEscape(menuOpen, closeAndFocusToggle);

  const opaque = variant === 'app' || scrolled || menuOpen;
  const memberMenu = MEMBER_MOBILE_MENU_ROUTES.includes(location.pathname);
  const mobileLinks: readonly NavItem[] = memberMenu ? MEMBER_MOBILE_LINKS : PUBLIC_LINKS;

  const onSignOut = () => {
    setOpenOn(null);
    signOut();
    void navigate(paths.signin, { replace: true });
  };

  return (
    <header
      data-opaque={opaque}
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,border-color,box-shadow] duration-300',
        opaque
          ? 'border-border bg-surface/90 shadow-sm shadow-slate-900/[0.03] backdrop-blur-lg dark:bg-surface/85'
          : 'border-transparent bg-transparent',
      )}
    >
      <nav
        aria-label="Main"
        className={cn(
          'mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6 lg:px-8',
          variant === 'public' && 'max-w-7xl',
        )}
      >
        <Link
          to={paths.home}
          aria-label="CopyTrade Network home"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <Logo />
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {PUBLIC_LINKS.map((item) => {
            const active =
              item.end === true && location.pathname === item.to && location.hash === '';
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    desktopLinkClasses,
                    active ? 'text-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>

        <div className="hidden items-center gap-2 lg:flex">
          <ThemeToggle />
          {session.status === 'loading' ? (
            menuFallback
          ) : session.status === 'authenticated' ? (
            <Suspense fallback={menuFallback}>
              <UserMenu user={session.user} onSignOut={onSignOut} />
            </Suspense>
          ) : (
            <div data-guest-only className="flex items-center gap-2">
              <Link to={paths.signin} className={buttonClasses({ variant: 'ghost' })}>
                Sign In
              </Link>
              <Link to={paths.register} className={buttonClasses()}>
                Sign Up
              </Link>
            </div>
          )}
        </div>

        <div className="flex items-center gap-1 lg:hidden">
          <ThemeToggle />
          <button
            ref={toggleRef}
            type="button"
            onClick={() => setOpenOn(menuOpen ? null : here)}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            className="flex size-10 items-center justify-center rounded-lg text-fg transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring lg:hidden"
          >
            {menuOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </nav>

      {menuOpen ? (
        <div
          id="mobile-menu"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-surface lg:hidden"
        >
          <div className="space-y-4 px-4 py-4 sm:px-6">
            <ul aria-label={memberMenu ? 'Member pages' : 'Site'} className="space-y-1">
              {mobileLinks.map((item) => {
                const active = memberMenu ? isItemActive(item, location.pathname) : false;
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      onClick={closeMenu}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        mobileLinkClasses,
                        active
                          ? 'bg-primary-soft text-primary-soft-fg'
                          : 'text-fg hover:bg-surface-muted',
                      )}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>

            <div className="border-t border-border pt-4">
              {session.status === 'authenticated' ? (
                <div className="space-y-3">
                  <div className="flex items-center gap-3 px-3">
                    <UserAvatar
                      firstName={session.user.firstName}
                      lastName={session.user.lastName}
                    />
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-fg">{fullName(session.user)}</p>
                      <p className="truncate text-sm text-fg-muted">{session.user.email}</p>
                    </div>
                  </div>
                  <ul className="space-y-1">
                    {memberMenu ? null : (
                      <>
                        <li>
                          <Link
                            to={paths.dashboard}
                            onClick={closeMenu}
                            className={cn(
                              mobileLinkClasses,
                              'gap-3 text-fg hover:bg-surface-muted',
                            )}
                          >
                            <LayoutDashboard className="size-5 text-fg-subtle" aria-hidden="true" />
                            Dashboard
                          </Link>
                        </li>
                        <li>
                          <Link
                            to={paths.profile}
                            onClick={closeMenu}
                            className={cn(
                              mobileLinkClasses,
                              'gap-3 text-fg hover:bg-surface-muted',
                            )}
                          >
                            <UserCog className="size-5 text-fg-subtle" aria-hidden="true" />
                            Profile Settings
                          </Link>
                        </li>
                      </>
                    )}
                    <li>
                      <Link
                        to={paths.support}
                        onClick={closeMenu}
                        className={cn(mobileLinkClasses, 'gap-3 text-fg hover:bg-surface-muted')}
                      >
                        <LifeBuoy className="size-5 text-fg-subtle" aria-hidden="true" />
                        Help & Support
                      </Link>
                    </li>
                  </ul>
                  <Button variant="danger-outline" size="lg" fullWidth onClick={onSignOut}>
                    <LogOut className="size-4" aria-hidden="true" />
                    Sign Out
                  </Button>
                </div>
              ) : session.status === 'unauthenticated' ? (
                <div className="grid grid-cols-2 gap-3">
                  <Link
                    to={paths.signin}
                    onClick={closeMenu}
                    className={buttonClasses({ variant: 'outline', size: 'lg' })}
                  >
                    Sign In
                  </Link>
                  <Link
                    to={paths.register}
                    onClick={closeMenu}
                    className={buttonClasses({ size: 'lg' })}
                  >
                    Sign Up
                  </Link>
                </div>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}
    </header>
  );
}
