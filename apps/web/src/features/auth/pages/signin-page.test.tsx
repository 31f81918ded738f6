import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes, Stub } from '@/testing/render';
import { SigninPage } from './signin-page';

function renderSignin(state?: unknown) {
  return renderRoutes(
    [
      { path: '/signin', element: <SigninPage /> },
      { path: '/verify-email', element: <Stub name="Verify stub" /> },
      { path: '/dashboard', element: <Stub name="Dashboard stub" /> },
      { path: '/admin/dashboard', element: <Stub name="Admin stub" /> },
      { path: '/rewards', element: <Stub name="Rewards stub" /> },
    ],
    { at: { pathname: '/signin', state } },
  );
}

const email = () => screen.getByLabelText('Email address');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Sign In' });

describe('sign-in page', () => {
  it('opens with the address a verified email handed over', async () => {
    mockApi({});
    renderSignin({ email: 'ada@example.com' });
    expect(await screen.findByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  it('asks for the authenticator code once the password was right, and sends it with the password', async () => {
    const admin = makeUser({ isAdmin: true });
    const { requests } = mockApi({
      'POST /api/users/login': (request) =>
        (request.body as { totpCode?: string }).totpCode === '654321'
          ? okResponse({ requiresVerification: false, token: 'tok', user: admin })
          : failResponse(401, 'TWO_FACTOR_REQUIRED', 'Enter the code', { requiresTwoFactor: true }),
    });
    const { user, router } = renderSignin();
    await user.type(email(), 'admin@example.com');
    await user.type(password(), 'Secret#123');
    await user.click(submit());
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(localStorage.getItem('token')).toBeNull();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Admin stub')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(requests.map((r) => r.body)).toEqual([
      { email: 'admin@example.com', password: 'Secret#123' },
      { email: 'admin@example.com', password: 'Secret#123', totpCode: '654321' },
    ]);
  });

  it('shows the server text of a wrong authenticator code and keeps what was typed', async () => {
    mockApi({
      'POST /api/users/login': (request) =>
        (request.body as { totpCode?: string }).totpCode
          ? failResponse(401, 'INVALID_TWO_FACTOR_CODE', 'That code is not right.')
          : failResponse(401, 'TWO_FACTOR_REQUIRED', 'Enter the code', { requiresTwoFactor: true }),
    });
    const { user } = renderSignin();
    await user.type(email(), 'admin@example.com');
    await user.type(password(), 'Secret#123');
    await user.click(submit());
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/code is not right/);
    expect(email()).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Authentication code')).toHaveValue('000000');
  });

  it('requires email and password', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderSignin();
    await user.click(submit());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has show/hide on the password, and the links of the spec', async () => {
    mockApi({});
    const { user } = renderSignin();
    expect(password()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });

  it('signs a member in: stores the token and replaces the history entry with /dashboard', async () => {
    const member = makeUser();
    const gate = deferred<Response>();
    const { requests } = mockApi({ 'POST /api/users/login': () => gate.promise });
    const { user, router } = renderSignin();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'Secret#123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(submit());
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    gate.resolve(
      okResponse({ requiresVerification: false, token: 'jwt', user: member }, 'LOGIN_SUCCESSFUL'),
    );

    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    // Remember me has no effect on the call.
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends an admin to /admin/dashboard, and anyone back to the origin the guard passed', async () => {
    mockApi({
      'POST /api/users/login': () =>
        okResponse({
          requiresVerification: false,
          token: 'jwt',
          user: makeUser({ isAdmin: true }),
        }),
    });
    const first = renderSignin();
    await first.user.type(email(), 'root@example.com');
    await first.user.type(password(), 'Secret#123');
    await first.user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Admin stub' })).toBeInTheDocument();
    first.unmount();
    localStorage.clear();

    mockApi({
      'POST /api/users/login': () =>
        okResponse({ requiresVerification: false, token: 'jwt', user: makeUser() }),
    });
    const second = renderSignin({ from: '/rewards' });
    await second.user.type(email(), 'ada@example.com');
    await second.user.type(password(), 'Secret#123');
    await second.user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Rewards stub' })).toBeInTheDocument();
  });

  it('keeps the pending user of an unverified account and goes to /verify-email', async () => {
    const pendingUser = { email: 'new@example.com', firstName: 'New', lastName: 'Member' };
    mockApi({
      'POST /api/users/login': () =>
        okResponse({ requiresVerification: true, token: null, user: pendingUser }),
    });
    const { user } = renderSignin();
    await user.type(email(), 'new@example.com');
    await user.type(password(), 'Secret#123');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Verify stub' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('pendingUser') ?? 'null')).toEqual(pendingUser);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['INVALID_CREDENTIALS', 401, 'Invalid email or password. Please try again.'],
    ['ACCOUNT_LOCKED', 403, 'Contact support.'],
    ['TOO_MANY_REQUESTS', 429, 'Too many attempts. Please wait a few minutes and try again.'],
  ])('shows the text of %s, and clears it on typing', async (code, status, text) => {
    mockApi({ 'POST /api/users/login': () => failResponse(status, code, 'server text') });
    const { user } = renderSignin();
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await user.type(password(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
