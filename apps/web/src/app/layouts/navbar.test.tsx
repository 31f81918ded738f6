import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { routes } from '../router';

beforeAll(() => {
  // jsdom has no ResizeObserver; Radix measures its popover with it.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function renderAt(at: string, signedIn: boolean, logout = () => okResponse(null, 'SIGNED_OUT')) {
  if (signedIn) localStorage.setItem('token', 'tok');
  const api = mockApi({
    'GET /api/users/profile': () => okResponse(makeUser()),
    'POST /api/users/logout': logout,
  });
  return { ...renderRoutes(routes, { at }), api };
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('navigation bar', () => {
  it('shows the public links and Sign In / Sign Up when signed out', async () => {
    renderAt('/', false);
    await screen.findByRole('heading', { level: 1, name: 'CopyTrade Network' });
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Copy Trading' })).toHaveAttribute(
      'href',
      '/#copy-trading',
    );
    expect(within(nav).getByRole('link', { name: 'Earn' })).toHaveAttribute('href', '/#earn');
    // The public contact form, reachable signed out (never the sign-in page).
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(document.querySelector('header')).toHaveAttribute('data-opaque', 'false');
  });

  it('opens a user menu with name, email, Dashboard, Profile Settings and Sign Out', async () => {
    const { user, router, api } = renderAt('/', true);
    // The menu's code loads lazily (signed-in users only): testing/setup.ts allows for a busy
    // machine.
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute(
      'href',
      '/profile',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem('token')).toBeNull();
    // The server ended the session too: the call carried the token being forgotten.
    const [logout] = api.calls('POST /api/users/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('forgets the token even when the sign-out call fails', async () => {
    const { user, router, api } = renderAt('/', true, () =>
      failResponse(503, 'SERVICE_UNAVAILABLE'),
    );
    const trigger = await screen.findByRole('button', { name: 'Account menu for Ada Lovelace' });
    await user.click(trigger);
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.calls('POST /api/users/logout')).toHaveLength(1);
  });

  it('lists the public links in the mobile menu, closes on Escape and returns focus', async () => {
    const { user } = renderAt('/signin', false);
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const menu = document.getElementById('mobile-menu');
    expect(menu).not.toBeNull();
    const links = within(menu!)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Home', 'Copy Trading', 'Earn', 'Contact Us', 'Sign In', 'Sign Up']);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('lists the member pages in the mobile menu on member routes, with the user and Sign Out', async () => {
    const { user } = renderAt('/dashboard', true);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    const list = within(menu).getByRole('list', { name: 'Member pages' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard'],
      ['Referrals', '/referrals'],
      ['Rewards', '/rewards'],
      ['User Tree', '/user-tree'],
      ['Profile', '/profile'],
    ]);
    expect(within(list).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('highlights the active sidebar entry and collapses the sidebar', async () => {
    const { user } = renderAt('/settings', true);
    await screen.findByRole('heading', { level: 1, name: 'Profile & Security' });
    const sidebar = screen.getByRole('navigation', { name: 'Member pages' });
    expect(within(sidebar).getByRole('link', { name: /Profile/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByRole('link', { name: /Help & Support/ })).toHaveTextContent(
      'Get Assistance',
    );

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('complementary', { name: 'Member navigation' })).toHaveAttribute(
      'data-collapsed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('switches the theme with the toggle and keeps the choice', async () => {
    const { user, unmount } = renderAt('/', false);
    const [toggle] = await screen.findAllByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle!);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    unmount();

    renderAt('/signin', false);
    const [again] = await screen.findAllByRole('button', { name: 'Dark theme' });
    expect(again).toHaveAttribute('aria-pressed', 'true');
    await user.click(again!);
    expect(document.documentElement).toHaveClass('light');
    // The system setting (light here) is followed again: no choice is kept.
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('offers Help & Support in the mobile menu of a signed-in user', async () => {
    const { user } = renderAt('/profile', true);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    expect(within(menu).getByRole('link', { name: 'Help & Support' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  it('shows the member pages in a bottom bar, the current one marked', async () => {
    renderAt('/settings', true);
    const bar = await screen.findByRole('navigation', { name: 'Quick navigation' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Referrals', 'Rewards', 'User Tree', 'Profile']);
    expect(within(bar).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('keeps the sidebar collapsed across visits, with a tooltip per entry', async () => {
    const { user, unmount } = renderAt('/dashboard', true);
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(localStorage.getItem('sidebar.collapsed')).toBe('1');
    const sidebar = screen.getByRole('navigation', { name: 'Member pages' });
    const link = within(sidebar).getByRole('link', { name: /Referrals/ });
    await user.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('ReferralsInvite & Earn');
    unmount();

    renderAt('/dashboard', true);
    expect(await screen.findByRole('complementary', { name: 'Member navigation' })).toHaveAttribute(
      'data-collapsed',
      'true',
    );
  });
});
