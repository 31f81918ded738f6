import { COMMON_PASSWORD_MESSAGE } from '@ctn/contracts/validation';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { RegisterPage } from './register-page';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <Stub name="Verify stub" /> },
      { path: '/dashboard', element: <Stub name="Dashboard stub" /> },
    ],
    { at: '/register' },
  );
}

const field = (label: RegExp | string) => screen.getByLabelText(label, { selector: 'input' });

/** The message shown under a field (wired through aria-describedby). */
function messageOf(input: HTMLElement): string | null {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

describe('register page', () => {
  it('shows the spec messages under each empty field and sends nothing', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(messageOf(field('First name'))).toBe('First name is required');
    expect(messageOf(field('Last name'))).toBe('Last name is required');
    expect(messageOf(field('Email address'))).toBe('Email is required');
    expect(messageOf(field('Referral code'))).toBe('Referral code is required');
    expect(messageOf(field('Password'))).toBe('Password is required');
    expect(messageOf(field('Confirm password'))).toBe('Please confirm your password');
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    // The documents the box accepts are links, opened beside the form so nothing typed is lost.
    for (const [name, href] of [
      ['Terms of Service', '/terms'],
      ['Privacy Policy', '/privacy'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks formats, lengths and the confirmation together', async () => {
    mockApi({});
    const { user } = renderRegister();
    await user.type(field('Email address'), 'not-an-email');
    await user.type(field('Referral code'), 'ABC');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(messageOf(field('Email address'))).toBe('Email is invalid');
    expect(messageOf(field('Referral code'))).toBe('Referral code must be at least 6 characters');
    expect(messageOf(field('Password'))).toBe('Password must be at least 8 characters');
    // Reported even while other fields are invalid.
    expect(messageOf(field('Confirm password'))).toBe('Passwords do not match');
  });

  it('clears a field’s message as soon as that field is typed in, and only that one', async () => {
    mockApi({});
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(messageOf(field('First name'))).toBe('First name is required');

    await user.type(field('First name'), 'A');
    expect(messageOf(field('First name'))).toBeNull();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'false');
    expect(messageOf(field('Last name'))).toBe('Last name is required');

    // Typing an invalid email does not bring a new message before the next submit.
    await user.type(field('Email address'), 'x');
    expect(messageOf(field('Email address'))).toBeNull();
  });

  it('prefills a code from a referral link with a note, then removes it from storage', async () => {
    sessionStorage.setItem('referralCode', 'AB3CD7EF');
    mockApi({});
    const { user } = renderRegister();
    expect(field('Referral code')).toHaveValue('AB3CD7EF');
    expect(screen.getByText('Referral code applied from your link!')).toBeInTheDocument();
    expect(sessionStorage.getItem('referralCode')).toBeNull();

    await user.clear(field('Referral code'));
    await user.type(field('Referral code'), 'OTHER123');
    expect(screen.queryByText('Referral code applied from your link!')).not.toBeInTheDocument();
  });

  it('says who invited when the link code is known', async () => {
    sessionStorage.setItem('referralCode', 'AB3CD7EF');
    mockApi({
      'GET /api/users/referrer/AB3CD7EF': () =>
        okResponse({
          name: 'Alex M.',
          referralCode: 'AB3CD7EF',
          link: 'https://x.test/ref/AB3CD7EF',
        }),
    });
    renderRegister();
    expect(await screen.findByText('Invited by Alex M.')).toBeInTheDocument();
    expect(screen.getByText('Referral code applied from your link!')).toBeInTheDocument();
  });

  it('shows no note without a code from a link', () => {
    mockApi({});
    renderRegister();
    expect(field('Referral code')).toHaveValue('');
    expect(screen.queryByText('Referral code applied from your link!')).not.toBeInTheDocument();
  });

  async function fillValidForm(user: ReturnType<typeof renderRegister>['user']) {
    await user.type(field('First name'), '  Ada ');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email address'), 'ada@example.com');
    await user.type(field('Referral code'), 'AB3CD7EF');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.click(screen.getByRole('checkbox'));
  }

  it('registers, keeps the pending user and goes to /verify-email', async () => {
    const pendingUser = {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      referredBy: 'Jane D.',
    };
    const { requests } = mockApi({
      'POST /api/users/register': () =>
        okResponse(
          { requiresVerification: true, user: pendingUser },
          'REGISTRATION_SUCCESSFUL',
          201,
        ),
    });
    const { user, router } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Verify stub' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'Secret#123',
      referredByCode: 'AB3CD7EF',
    });
    expect(JSON.parse(localStorage.getItem('pendingUser') ?? 'null')).toEqual(pendingUser);
  });

  it('shows the catalogue text of a failure', async () => {
    mockApi({ 'POST /api/users/register': () => failResponse(409, 'USER_EXISTS', 'User exists') });
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists; sign in instead.',
    );
  });

  it('puts the server’s field messages of a VALIDATION_ERROR under the fields', async () => {
    mockApi({
      'POST /api/users/register': () =>
        failResponse(400, 'VALIDATION_ERROR', 'Invalid', {
          errors: [{ field: 'referredByCode', message: 'Unknown referral code' }],
        }),
    });
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Check your input.')).toBeInTheDocument();
    expect(messageOf(field('Referral code'))).toBe('Unknown referral code');
  });

  it('shows the common-password refusal under Password and keeps everything typed', async () => {
    mockApi({
      'POST /api/users/register': () =>
        failResponse(400, 'VALIDATION_ERROR', COMMON_PASSWORD_MESSAGE, {
          errors: [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }],
        }),
    });
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByRole('alert');
    expect(messageOf(field('Password'))).toBe(COMMON_PASSWORD_MESSAGE);
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Password')).toHaveValue('Secret#123');
    expect(field('Confirm password')).toHaveValue('Secret#123');
    expect(field('Email address')).toHaveValue('ada@example.com');
    expect(field('Referral code')).toHaveValue('AB3CD7EF');
    expect(screen.getByRole('checkbox')).toBeChecked();

    await user.type(field('Password'), 'x');
    expect(messageOf(field('Password'))).toBeNull();
  });

  it('shows the unexpected-error text when the answer is not what the contract says', async () => {
    mockApi({
      'POST /api/users/register': () =>
        okResponse({ nonsense: true }, 'REGISTRATION_SUCCESSFUL', 201),
    });
    const { user } = renderRegister();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again.',
    );
  });
});
