import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';

function renderForgot() {
  return renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], {
    at: '/forgot-password',
  });
}

const email = () => screen.getByLabelText('Email address');
const submit = () => screen.getByRole('button', { name: /Send Reset Link|Sending/ });

describe('forgot password page', () => {
  it('keeps the button disabled while the field is empty or a request runs, then confirms', async () => {
    const gate = deferred<Response>();
    const { requests } = mockApi({ 'POST /api/users/forgot-password': () => gate.promise });
    const { user } = renderForgot();
    expect(submit()).toBeDisabled();
    await user.type(email(), '   ');
    expect(submit()).toBeDisabled();
    await user.clear(email());
    await user.type(email(), 'ada@example.com');
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    gate.resolve(okResponse(null, 'PASSWORD_RESET_EMAIL_SENT'));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "If an account with that email exists, we've sent you a password reset link.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/signin',
    );
    expect(requests[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('shows the server text of a failure, or the fallback', async () => {
    mockApi({
      'POST /api/users/forgot-password': () => failResponse(429, 'TOO_MANY_REQUESTS', 'Slow down'),
    });
    const { user } = renderForgot();
    await user.type(email(), 'ada@example.com');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );

    mockApi({ 'POST /api/users/forgot-password': () => failResponse(500, null, null) });
    await user.click(submit());
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
  });
});
