import { isSubscriptionPaid, subscriptionPaidAt } from '@ctn/contracts/subscription-fee';
import { PASSWORD_BANNER_MS } from '@ctn/contracts/constants';
import { errorText } from '@ctn/contracts/errors';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makePayment, makeSubscription, makeUser } from '@/testing/fixtures';
import { renderRoutes, type RenderRoutesOptions } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { ProfilePage } from './profile-page';

const routes = [
  { element: <SignedIn />, children: [{ path: '/profile', element: <ProfilePage /> }] },
];

afterEach(() => {
  vi.useRealTimers();
});

const GOOD = { current: 'Current@2025', next: 'Brand@New2026' };

/** The security center's calls: 2FA off, this one session, a sign-in in the log. */
const SECURITY_CENTER: Parameters<typeof mockApi>[0] = {
  'GET /api/users/two-factor': () =>
    okResponse({ enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0 }),
  'GET /api/users/sessions': () =>
    okResponse({
      sessions: [
        {
          id: 's-1',
          device: 'Chrome on Windows',
          ip: '203.0.113.5',
          createdAt: '2025-01-06T09:30:00.000Z',
          lastSeenAt: '2025-01-06T10:00:00.000Z',
          current: true,
        },
      ],
    }),
  'GET /api/users/security-events': () =>
    okResponse({
      events: [
        {
          kind: 'SIGN_IN',
          device: 'Chrome on Windows',
          ip: '203.0.113.5',
          createdAt: '2025-01-06T09:30:00.000Z',
        },
      ],
      withdrawalsFrozenUntil: null,
    }),
  'GET /api/users/notifications': () => okResponse({ cycleCredited: true }),
  'GET /api/users/anti-phishing': () => okResponse({ phrase: null }),
};

function renderProfile(
  routesMock: Parameters<typeof mockApi>[0] = {},
  user = makeUser(),
  options: RenderRoutesOptions = {},
) {
  localStorage.setItem('token', 'old-token');
  const api = mockApi({
    'GET /api/users/profile': () => okResponse(user),
    'GET /api/users/refresh-subscription': () =>
      okResponse(
        makeSubscription({
          subscriptionFee: {
            paid: isSubscriptionPaid(user.subscriptionFee),
            timestamp: subscriptionPaidAt(user.subscriptionFee),
          },
        }),
      ),
    ...SECURITY_CENTER,
    ...routesMock,
  });
  return { ...renderRoutes(routes, { at: '/profile', ...options }), api };
}

async function openForm(user: ReturnType<typeof renderProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Change Password' }));
  return screen.getByRole('form', { name: 'Change password' });
}

const input = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

async function fill(
  user: ReturnType<typeof renderProfile>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  if (current) await user.type(input(/^current password/i), current);
  if (next) await user.type(input(/^new password/i), next);
  if (confirm) await user.type(input(/^confirm new password/i), confirm);
}

describe('profile page: information', () => {
  it('shows the read-only profile with status, subscription and last login', async () => {
    renderProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile & Security' }),
    ).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    expect(value('First Name')).toHaveTextContent('Ada');
    expect(value('Last Name')).toHaveTextContent('Lovelace');
    expect(value('Email')).toHaveTextContent('ada@example.com');
    expect(value('Referral Code')).toHaveTextContent('AB3CD7EF');
    expect(value('BingX UID')).toHaveTextContent('123456789');
    expect(value('Status')).toHaveTextContent('Active');
    expect(value('Subscription')).toHaveTextContent('Paid');
    expect(value('Deposit Wallet Address')).toHaveTextContent(
      '0x52908400098527886E0F7030069857D2E4169EE7',
    );
    expect(value('Last Login')).toHaveTextContent('Jan 6, 2025');
  });

  it("takes a subscription fee that arrives as a plain number: 'Active', and the member stays in", async () => {
    renderProfile({}, makeUser({ subscriptionFee: 10 }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile & Security' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Subscription').nextElementSibling).toHaveTextContent('Active');
  });
});

describe('profile page: payment history', () => {
  const REFRESH = 'GET /api/users/refresh-subscription';
  const history = () => screen.findByRole('region', { name: 'Payment history' });

  it("says 'No payments yet' when there are none", async () => {
    renderProfile();
    expect(await within(await history()).findByText('No payments yet')).toBeVisible();
  });

  it('lists each payment: date, amount with 2 decimals, explorer link, period or credit', async () => {
    const full = makePayment({
      _id: 'b',
      amount: 0.01,
      transactionHash: '0xabcdef0123456789abcdef0123456789abcdef0123456789abcdef0123459999',
      periodsAdded: 1,
      paidUntil: '2025-02-04T10:00:00.000Z',
      creditedAt: '2025-01-05T10:00:00.000Z',
    });
    const partial = makePayment({
      _id: 'a',
      amount: 9.99,
      transactionHash: '0x1111111111222222222233333333334444444444555555555566666666667777',
      periodsAdded: 0,
      paidUntil: null,
      creditedAt: '2025-01-04T10:00:00.000Z',
    });
    renderProfile({
      [REFRESH]: () =>
        okResponse(
          makeSubscription({
            subscriptionFee: { paid: true, timestamp: '2025-01-05T10:00:00.000Z' },
            paidUntil: '2025-02-04T10:00:00.000Z',
            explorerUrl: 'https://testnet.bscscan.com/',
            payments: [partial, full],
          }),
        ),
    });
    const card = await history();
    const table = await within(card).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // Newest first.
    expect(rows[0]).toHaveTextContent('Jan 5, 2025');
    expect(rows[0]).toHaveTextContent('0.01 USDT');
    expect(rows[0]).toHaveTextContent('+30 days until Feb 4, 2025');
    const link = within(rows[0]!).getByRole('link', { name: /0xabcdef01\.\.\.9999/ });
    expect(link).toHaveAttribute('href', `https://testnet.bscscan.com/tx/${full.transactionHash}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(rows[1]).toHaveTextContent('Jan 4, 2025');
    expect(rows[1]).toHaveTextContent('9.99 USDT');
    expect(rows[1]).toHaveTextContent('Credit toward the next period');
    expect(within(rows[1]!).getByRole('link')).toHaveTextContent('0x11111111...7777');
    expect(within(card).getByText('Paid until Feb 4, 2025')).toBeVisible();
    // On a phone the same payments are a list (the table is hidden there by CSS).
    const list = within(card).getByRole('list', { name: 'Payments' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('0.01 USDT');
    expect(items[0]).toHaveTextContent('0xabcdef01...9999');
    expect(items[1]).toHaveTextContent('Credit toward the next period');
  });

  it('shows the hash without a link when the chain has no known explorer', async () => {
    const payment = makePayment({
      transactionHash: '0xabcdef0123456789abcdef0123456789abcdef0123456789abcdef0123459999',
    });
    renderProfile({
      [REFRESH]: () => okResponse(makeSubscription({ explorerUrl: null, payments: [payment] })),
    });
    const table = await within(await history()).findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('0xabcdef01...9999');
    expect(within(row).getByTitle(payment.transactionHash)).toBeVisible();
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('shows a load failure with its text and tries again', async () => {
    let fail = true;
    const { user } = renderProfile({
      [REFRESH]: () =>
        fail ? failResponse(503, 'CHAIN_UNAVAILABLE', 'x') : okResponse(makeSubscription()),
    });
    const card = await history();
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      errorText('CHAIN_UNAVAILABLE'),
    );
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('No payments yet')).toBeVisible();
  });
});

describe('profile page: change password', () => {
  it('toggles the form open and closed; each field has its own show/hide toggle', async () => {
    const { user } = renderProfile();
    const toggle = await screen.findByRole('button', { name: 'Change Password' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(input(/^new password/i), 'Visible#1');
    expect(input(/^new password/i)).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(input(/^new password/i)).toHaveAttribute('type', 'text');
    expect(input(/^current password/i)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show current password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show confirm new password' })).toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('runs the four checks in the spec order with its texts, before any call', async () => {
    const { user, api } = renderProfile();
    const form = await openForm(user);
    const submit = within(form).getByRole('button', { name: 'Update Password' });
    const clear = async () => {
      for (const name of [/^current password/i, /^new password/i, /^confirm new password/i])
        await user.clear(input(name));
    };

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all password fields');

    // Mismatch is checked before length and complexity.
    await fill(user, GOOD.current, 'short', 'other');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('New passwords do not match');

    await clear();
    await fill(user, GOOD.current, 'Ab1!', 'Ab1!');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'New password must be at least 8 characters long',
    );

    await clear();
    await fill(user, GOOD.current, 'alllowercase1', 'alllowercase1');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
    );

    // The error clears when the user types again.
    await user.type(input(/^confirm new password/i), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls('PUT /api/users/change-password')).toHaveLength(0);
  });

  it('Cancel clears the fields and the error', async () => {
    const { user } = renderProfile();
    await openForm(user);
    await fill(user, GOOD.current, 'short', '');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await openForm(user);
    expect(input(/^current password/i)).toHaveValue('');
    expect(input(/^new password/i)).toHaveValue('');
    expect(input(/^confirm new password/i)).toHaveValue('');
  });

  it.each([
    [
      'the first message of a VALIDATION_ERROR',
      () =>
        failResponse(400, 'VALIDATION_ERROR', 'Check your input.', {
          errors: [{ field: 'newPassword', message: 'New passwords do not match' }],
        }),
      'New passwords do not match',
    ],
    [
      'CURRENT_PASSWORD_INCORRECT',
      () => failResponse(400, 'CURRENT_PASSWORD_INCORRECT', 'wrong'),
      'The current password is incorrect.',
    ],
    [
      'SAME_PASSWORD_ERROR',
      () => failResponse(400, 'SAME_PASSWORD_ERROR', 'same'),
      'The new password cannot be the same as the current one.',
    ],
    [
      'a failure without a message',
      () => failResponse(400, null, null),
      'Failed to change password',
    ],
  ])('shows %s', async (_, answer, text) => {
    const { user } = renderProfile({ 'PUT /api/users/change-password': answer });
    await openForm(user);
    await fill(user, GOOD.current, GOOD.next, GOOD.next);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('shows the exception text when the answer breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderProfile({
      'PUT /api/users/change-password': () => okResponse({ nope: true }),
    });
    await openForm(user);
    await fill(user, GOOD.current, GOOD.next, GOOD.next);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to change password. Please try again.',
    );
  });

  it('on success stores the new token, closes and clears the form, and shows the banner for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred<Response>();
    const { user, api } = renderProfile(
      { 'PUT /api/users/change-password': () => answer.promise },
      makeUser(),
      { userOptions: { advanceTimers: vi.advanceTimersByTime } },
    );
    await openForm(user);
    await fill(user, GOOD.current, GOOD.next, GOOD.next);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(screen.getByRole('button', { name: /Updating/ })).toBeDisabled();
    expect(api.calls('PUT /api/users/change-password')[0]?.body).toEqual({
      currentPassword: GOOD.current,
      newPassword: GOOD.next,
      confirmPassword: GOOD.next,
    });
    expect(api.calls('PUT /api/users/change-password')[0]?.headers.get('Authorization')).toBe(
      'Bearer old-token',
    );
    const profileLoads = api.calls('GET /api/users/profile').length;
    answer.resolve(okResponse({ token: 'new-token' }, 'PASSWORD_CHANGED_SUCCESSFULLY'));

    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    // The same session goes on: no reload of the profile, the page stays.
    expect(api.calls('GET /api/users/profile')).toHaveLength(profileLoads);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile & Security' })).toBeVisible();

    act(() => {
      vi.advanceTimersByTime(PASSWORD_BANNER_MS - 100);
    });
    expect(screen.getByText('Password changed successfully!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText('Password changed successfully!')).toBeNull();

    await openForm(user);
    expect(input(/^current password/i)).toHaveValue('');
  });
});

describe('profile page: two-factor authentication', () => {
  it('turns it on: QR and key, a 6-digit code, then the recovery codes once', async () => {
    let enabled = false;
    const { user, api } = renderProfile({
      'GET /api/users/two-factor': () =>
        okResponse({
          enabled,
          enabledAt: enabled ? '2025-01-06T10:00:00.000Z' : null,
          required: false,
          recoveryCodesLeft: enabled ? 10 : 0,
        }),
      'POST /api/users/two-factor/setup': (request) =>
        (request.body as { password?: string }).password !== 'Str0ng@Pass'
          ? failResponse(400, 'CURRENT_PASSWORD_INCORRECT', 'The current password is incorrect.')
          : okResponse({
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUri:
                'otpauth://totp/CopyTrade%20Network:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
            }),
      'POST /api/users/two-factor/enable': (request) => {
        expect(request.body).toMatchObject({ password: 'Str0ng@Pass' });
        if ((request.body as { code: string }).code !== '123456')
          return failResponse(401, 'INVALID_TWO_FACTOR_CODE', 'That code is not right.');
        enabled = true;
        return okResponse({ recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] }, 'TWO_FACTOR_ENABLED');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    // The current password first: without it nothing is asked of the server.
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(api.calls('POST /api/users/two-factor/setup')).toHaveLength(0);
    const password = screen.getByLabelText('Current password');
    await user.type(password, 'Wrong@Pass1');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The current password is incorrect.',
    );
    await user.clear(password);
    await user.type(password, 'Str0ng@Pass');
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const code = screen.getByLabelText('Code from the app');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code your app shows.');
    expect(api.calls('POST /api/users/two-factor/enable')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  }, 40_000);

  it('lists the sessions and the security log', async () => {
    renderProfile();
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.getAllByText(/Chrome on Windows/).length).toBeGreaterThan(0);
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
  });
});

describe('email notifications', () => {
  it('lists what is always mailed and switches cycle summaries off and on', async () => {
    const gate = deferred<Response>();
    const { user, api } = renderProfile({
      'PUT /api/users/notifications': () => gate.promise,
    });
    const box = await screen.findByRole('checkbox', { name: /Reward cycle summaries/ });
    expect(box).toBeChecked();
    expect(screen.getByText(/Payment received, with the transaction/)).toBeInTheDocument();
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(api.calls('PUT /api/users/notifications')[0]!.body).toEqual({ cycleCredited: false });
    gate.resolve(okResponse({ cycleCredited: false }));
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
  });

  it('says when saving failed and shows the saved state again', async () => {
    const { user } = renderProfile({
      'PUT /api/users/notifications': () => failResponse(500, null),
    });
    const box = await screen.findByRole('checkbox', { name: /Reward cycle summaries/ });
    await user.click(box);
    expect(await screen.findByText('Failed to save. Please try again.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });
});
