import { REDIRECT_DELAY_MS } from '@ctn/contracts/constants';
import { COMMON_PASSWORD_MESSAGE } from '@ctn/contracts/validation';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub, type RenderRoutesOptions } from '@/testing/render';
import { ResetPasswordPage } from './reset-password-page';

const CHECK = 'POST /api/users/reset-password/check';
/** The server's answer to the link check: this link can be used. */
const LIVE_LINK = { [CHECK]: () => okResponse(null, 'RESET_TOKEN_VALID') };

function renderPage(at: string, options: RenderRoutesOptions = {}) {
  return renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/forgot-password', element: <Stub name="Forgot stub" /> },
      { path: '/signin', element: <Stub name="Sign-in stub" /> },
    ],
    { at, ...options },
  );
}

/** The page with a token, once its link check has let the form show. */
async function renderReset(at = '/reset-password?token=tok-1', options: RenderRoutesOptions = {}) {
  const rendered = renderPage(at, options);
  await screen.findByRole('form', { name: 'Reset password' });
  return rendered;
}

const newPassword = () => screen.getByLabelText('New password', { selector: 'input' });
const confirmPassword = () => screen.getByLabelText('Confirm new password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Reset Password' });

function metRules(): string[] {
  return Array.from(document.querySelectorAll('[data-rule][data-met="true"]')).map(
    (el) => el.getAttribute('data-rule') ?? '',
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reset password page', () => {
  it('sends a visitor without a token to /forgot-password', async () => {
    mockApi(LIVE_LINK);
    const { router } = renderPage('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Forgot stub' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('lists the rules live and keeps submit disabled until all pass', async () => {
    mockApi(LIVE_LINK);
    const { user } = await renderReset();
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('At least one special character (@$!%*?&)')).toBeInTheDocument();
    expect(metRules()).toEqual([]);
    expect(submit()).toBeDisabled();

    await user.type(newPassword(), 'abc');
    expect(metRules()).toEqual(['lowercase']);
    expect(submit()).toBeDisabled();

    await user.type(newPassword(), 'DEF12');
    expect(metRules()).toEqual(['length', 'lowercase', 'uppercase', 'number']);
    expect(submit()).toBeDisabled();

    await user.type(newPassword(), '!');
    expect(metRules()).toEqual(['length', 'lowercase', 'uppercase', 'number', 'special']);
    expect(submit()).toBeEnabled();

    await user.clear(newPassword());
    expect(metRules()).toEqual([]);
    expect(submit()).toBeDisabled();
  });

  it('refuses a confirmation that does not match, without calling the server', async () => {
    const { calls } = mockApi(LIVE_LINK);
    const { user } = await renderReset();
    await user.type(newPassword(), 'Abcdef1!');
    await user.type(confirmPassword(), 'Abcdef1?');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password confirmation does not match new password.',
    );
    expect(calls('POST /api/users/reset-password')).toHaveLength(0);
  });

  it('resets the password, shows the success view and goes to /signin after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockApi({
      ...LIVE_LINK,
      'POST /api/users/reset-password': () => okResponse(null, 'PASSWORD_RESET_SUCCESSFUL'),
    });
    const { user, router } = await renderReset('/reset-password?token=tok-1', {
      userOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await user.type(newPassword(), 'Abcdef1!');
    await user.type(confirmPassword(), 'Abcdef1!');
    await user.click(submit());

    expect(
      await screen.findByRole('heading', { name: 'Password reset successful' }),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/users/reset-password')?.body).toEqual({
      token: 'tok-1',
      newPassword: 'Abcdef1!',
      confirmPassword: 'Abcdef1!',
    });
    expect(router.state.location.pathname).toBe('/reset-password');

    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS - 100);
    });
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByRole('heading', { name: 'Sign-in stub' })).toBeInTheDocument();
  });

  it('shows the common-password refusal under New password and keeps what was typed', async () => {
    mockApi({
      ...LIVE_LINK,
      'POST /api/users/reset-password': () =>
        failResponse(400, 'VALIDATION_ERROR', COMMON_PASSWORD_MESSAGE, {
          errors: [{ field: 'newPassword', message: COMMON_PASSWORD_MESSAGE }],
        }),
    });
    const { user } = await renderReset();
    await user.type(newPassword(), 'Welcome@2026');
    await user.type(confirmPassword(), 'Welcome@2026');
    await user.click(submit());
    await screen.findByRole('alert');

    const describedBy = newPassword().getAttribute('aria-describedby') ?? '';
    const error = document.getElementById('reset-new-password-error');
    expect(describedBy.split(' ')).toContain('reset-new-password-error');
    expect(error).toHaveTextContent(COMMON_PASSWORD_MESSAGE);
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveValue('Welcome@2026');
    expect(confirmPassword()).toHaveValue('Welcome@2026');

    await user.type(newPassword(), 'x');
    expect(document.getElementById('reset-new-password-error')).toBeNull();
    expect(newPassword()).toHaveAttribute('aria-invalid', 'false');
  });

  it.each([
    [
      'INVALID_OR_EXPIRED_TOKEN',
      null,
      'Password reset token is invalid or has expired. Please request a new password reset.',
    ],
    ['ACCOUNT_NOT_ACTIVE', null, 'Your account is not active. Please contact support.'],
    [
      'VALIDATION_ERROR',
      {
        errors: [
          { field: 'newPassword', message: 'Too weak' },
          { field: 'confirmPassword', message: 'No match' },
        ],
      },
      'Too weak, No match',
    ],
    ['VALIDATION_ERROR', { message: 'Password policy failed' }, 'Password policy failed'],
    ['VALIDATION_ERROR', null, 'Validation error occurred.'],
    ['SAME_PASSWORD_ERROR', null, 'The new password cannot be the same as the current one.'],
    ['TOO_MANY_REQUESTS', null, 'Failed to reset password. Please try again.'],
    ['SOMETHING_NEW', null, 'Failed to reset password. Please try again.'],
  ])('shows the spec text for %s', async (code, data, text) => {
    mockApi({
      ...LIVE_LINK,
      'POST /api/users/reset-password': () => failResponse(400, code, 'server text', data),
    });
    const { user } = await renderReset();
    await user.type(newPassword(), 'Abcdef1!');
    await user.type(confirmPassword(), 'Abcdef1!');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('checks the link first: a dead one says so, offers a new link and shows no form', async () => {
    const { requests } = mockApi({
      [CHECK]: () => failResponse(400, 'INVALID_OR_EXPIRED_TOKEN', 'server text'),
    });
    const { user, router } = renderPage('/reset-password?token=old');
    expect(screen.getByRole('status')).toHaveTextContent('This only takes a moment.');
    expect(
      await screen.findByRole('heading', { name: 'This reset link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password reset token is invalid or has expired. Please request a new password reset.',
    );
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
    expect(requests[0]!.body).toEqual({ token: 'old' });
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('leaves the form open, with a note, when the link could not be checked', async () => {
    mockApi({ [CHECK]: () => failResponse(503, null) });
    await renderReset();
    expect(screen.getByText(/We could not check your reset link just now/)).toBeInTheDocument();
    expect(newPassword()).toBeEnabled();
  });
});
