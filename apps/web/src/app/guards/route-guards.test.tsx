import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes, type RenderRoutesOptions } from '@/testing/render';
import { routes } from '../router';

/** The real route table, signed in as `user` (or signed out when null). */
function renderApp(at: RenderRoutesOptions['at'], user: ReturnType<typeof makeUser> | null) {
  if (user) localStorage.setItem('token', 'tok');
  const api = mockApi({
    'GET /api/users/profile': () =>
      user ? okResponse(user) : failResponse(401, 'UNAUTHORIZED', 'No'),
  });
  return { ...renderRoutes(routes, { at }), api };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('access routing', () => {
  it('shows a spinner while the session loads', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/users/profile': () => new Promise<Response>(() => {}) });
    renderRoutes(routes, { at: '/dashboard' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a visitor from a protected page to /signin with the origin', async () => {
    const { router } = renderApp('/rewards?tab=history', null);
    expect(await heading('Welcome back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.state).toEqual({ from: '/rewards?tab=history' });
  });

  it('signs in and returns to the origin', async () => {
    const member = makeUser();
    const { router, user } = renderApp('/referrals', null);
    await heading('Welcome back');
    mockApi({
      'POST /api/users/login': () =>
        okResponse(
          { requiresVerification: false, token: 'fresh', user: member },
          'LOGIN_SUCCESSFUL',
        ),
    });
    await user.type(screen.getByLabelText('Email address'), member.email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await heading('Referral Program')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/referrals');
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it('sends a member who has not paid to /onboarding', async () => {
    const { router } = renderApp(
      '/dashboard',
      makeUser({ subscriptionFee: { paid: false, timestamp: null } }),
    );
    expect(await heading('Complete your setup')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Pay Subscription');
  });

  it('sends a paid member without an exchange UID to /onboarding, at step 2', async () => {
    const { router } = renderApp('/support', makeUser({ bingXUID: null }));
    expect(await heading('Complete your setup')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Link exchange account',
    );
  });

  it('sends a member who is paid and linked from /onboarding to /dashboard', async () => {
    const { router } = renderApp('/onboarding', makeUser());
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an onboarded member in', async () => {
    const { router } = renderApp('/user-tree', makeUser());
    expect(await heading('My Referral Tree')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-tree');
  });

  it('sends an admin from member pages to /admin/dashboard', async () => {
    const { router } = renderApp('/dashboard', makeUser({ isAdmin: true }));
    expect(await heading('Admin Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('sends an admin from /onboarding to /admin/dashboard', async () => {
    const { router } = renderApp(
      '/onboarding',
      makeUser({ isAdmin: true, subscriptionFee: { paid: false, timestamp: null } }),
    );
    expect(await heading('Admin Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('sends a non-admin from admin pages to /dashboard and clears admin storage', async () => {
    localStorage.setItem('admin.usersFilters', '{"status":"LOCKED"}');
    localStorage.setItem('admin.preferences', '{"emailNotifications":true}');
    sessionStorage.setItem('admin.lastTab', 'rewards');
    localStorage.setItem('pendingUser', '{"email":"a@b.co","firstName":"A","lastName":"B"}');
    const { router } = renderApp('/admin/users', makeUser());

    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('admin.usersFilters')).toBeNull();
    expect(localStorage.getItem('admin.preferences')).toBeNull();
    expect(sessionStorage.getItem('admin.lastTab')).toBeNull();
    // Only admin keys go.
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('pendingUser')).not.toBeNull();
  });

  it('shows an administrator without a second factor the setup, never an admin page', async () => {
    renderApp('/admin/users', makeUser({ isAdmin: true, twoFactorEnabled: false }));
    expect(await heading('Set up two-factor authentication')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('lets an admin in, on /admin as on /admin/dashboard', async () => {
    renderApp('/admin', makeUser({ isAdmin: true }));
    expect(await heading('Admin Dashboard')).toBeInTheDocument();
  });

  it('sends a signed-in user away from /signin and /register', async () => {
    const { router } = renderApp('/register', makeUser());
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('ends the session when the profile cannot be loaded at start', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/users/profile': () => failResponse(500, 'INTERNAL_SERVER_ERROR', 'Boom') });
    const { router } = renderRoutes(routes, { at: '/dashboard' });
    expect(await heading('Welcome back')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('shows the 404 page for an unknown route', async () => {
    renderApp('/no/such/page', null);
    expect(await heading('Page not found')).toBeInTheDocument();
  });
});
