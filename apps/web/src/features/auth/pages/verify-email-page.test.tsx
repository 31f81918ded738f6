import { REDIRECT_DELAY_MS } from '@ctn/contracts/constants';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes, Stub, type RenderRoutesOptions } from '@/testing/render';
import { VerifyEmailPage } from './verify-email-page';

const pendingUser = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

function renderVerify(at: string, options: RenderRoutesOptions = {}) {
  return renderRoutes(
    [
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/signin', element: <Stub name="Sign-in stub" /> },
      { path: '/dashboard', element: <Stub name="Dashboard stub" /> },
      { path: '/admin/dashboard', element: <Stub name="Admin stub" /> },
    ],
    { at, ...options },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verify email page: with a token', () => {
  it('verifies once (even in StrictMode), shows success, clears the pending user and goes to /signin after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('pendingUser', JSON.stringify(pendingUser));
    const { calls } = mockApi({
      'POST /api/users/verify-email': () => okResponse(null, 'EMAIL_VERIFIED'),
    });
    const { router } = renderVerify('/verify-email?token=abc');

    expect(screen.getByRole('heading', { name: 'Verifying Email...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Email verified successfully! You can now sign in.',
    );
    expect(screen.getByRole('link', { name: 'Continue to Sign In' })).toHaveAttribute(
      'href',
      '/signin',
    );
    expect(calls('POST /api/users/verify-email')).toHaveLength(1);
    expect(calls('POST /api/users/verify-email')[0]?.body).toEqual({ token: 'abc' });
    expect(localStorage.getItem('pendingUser')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS);
    });
    expect(await screen.findByRole('heading', { name: 'Sign-in stub' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    // The sign-in form gets the address, so only the password is left to type.
    expect(router.state.location.state).toEqual({ email: pendingUser.email });
  });

  it('shows the server text of a failure with the error-state buttons', async () => {
    mockApi({
      'POST /api/users/verify-email': () =>
        failResponse(400, 'INVALID_OR_EXPIRED_TOKEN', 'Invalid token'),
    });
    renderVerify('/verify-email?token=old');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Link expired or invalid; request a new one.',
    );
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });

  it('falls back to the spec text when the server says nothing specific', async () => {
    mockApi({ 'POST /api/users/verify-email': () => failResponse(400, null, null) });
    renderVerify('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email verification failed. The token may be invalid or expired.',
    );
  });

  it('shows the NETWORK_ERROR text when the server cannot be reached', async () => {
    mockApi({
      'POST /api/users/verify-email': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderVerify('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network connection failed.');
  });
});

describe('verify email page: pending', () => {
  it('says where the email went, and resends to that address', async () => {
    localStorage.setItem('pendingUser', JSON.stringify(pendingUser));
    const gate = deferred<Response>();
    const { calls } = mockApi({ 'POST /api/users/resend-verification-email': () => gate.promise });
    const { user } = renderVerify('/verify-email');

    expect(screen.getByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    gate.resolve(okResponse(null, 'VERIFICATION_EMAIL_SENT'));

    expect(
      await screen.findByText('Verification email sent successfully! Please check your inbox.'),
    ).toBeInTheDocument();
    expect(calls('POST /api/users/resend-verification-email')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeEnabled();
  });

  it('names the referrer the registration is under, so a wrong one can be replaced in time', async () => {
    localStorage.setItem('pendingUser', JSON.stringify({ ...pendingUser, referredBy: 'Jane D.' }));
    mockApi({});
    renderVerify('/verify-email');
    expect(screen.getByText('Jane D.')).toBeInTheDocument();
    expect(screen.getByText(/Not who invited you\? Register again/)).toBeInTheDocument();
  });

  it('resends from the footer line too, and shows a failure', async () => {
    localStorage.setItem('pendingUser', JSON.stringify(pendingUser));
    mockApi({
      'POST /api/users/resend-verification-email': () =>
        failResponse(409, 'EMAIL_ALREADY_VERIFIED', 'Verified'),
    });
    const { user } = renderVerify('/verify-email');
    const footer = screen.getByText(/Didn't receive the email\?/);
    expect(footer).toHaveTextContent(
      "Didn't receive the email? Check your spam folder or request a new one",
    );
    await user.click(screen.getByRole('button', { name: 'request a new one' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Already verified; you can sign in.',
    );
  });

  it('without a stored email, asks for the address and resends to it', async () => {
    const api = mockApi({
      'POST /api/users/resend-verification-email': () =>
        okResponse(null, 'VERIFICATION_EMAIL_SENT'),
    });
    const { user } = renderVerify('/verify-email');
    expect(
      screen.getByText('No email found from registration. Please register again.'),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Resend Verification Email' });
    await user.click(button);
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    const field = screen.getByLabelText('Email address');
    expect(field).toHaveFocus();
    await user.type(field, 'not-an-email');
    await user.click(button);
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' grace@example.com {Enter}');
    expect(
      await screen.findByText('Verification email sent successfully! Please check your inbox.'),
    ).toBeInTheDocument();
    expect(api.requests[0]!.body).toEqual({ email: 'grace@example.com' });
  });

  it('without a stored email, the footer link leads to the address field', async () => {
    mockApi({});
    const { user } = renderVerify('/verify-email');
    await user.click(screen.getByRole('button', { name: 'request a new one' }));
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('sends a signed-in user with a verified email to the dashboard', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/users/profile': () => okResponse(makeUser({ isAdmin: true })) });
    renderVerify('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Admin stub' })).toBeInTheDocument();
  });
});
