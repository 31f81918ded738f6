import type { User } from '@ctn/contracts/accounts';
import { COPY_CONFIRMATION_MS, REDIRECT_DELAY_MS } from '@ctn/contracts/constants';
import { errorText } from '@ctn/contracts/errors';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/session';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import {
  DEPOSIT_ADDRESS,
  makePayment,
  makeSubscription,
  makeUser,
  USDT_CONTRACT,
} from '@/testing/fixtures';
import { renderRoutes, Stub, type RenderRoutesOptions } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { OnboardingPage } from './onboarding-page';

const routes = [
  {
    element: <SignedIn />,
    children: [
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/dashboard', element: <Stub name="Dashboard" /> },
    ],
  },
];

const unpaid = () =>
  makeUser({ subscriptionFee: { paid: false, timestamp: null }, bingXUID: null });
const paidNotLinked = () => makeUser({ bingXUID: null });

const REFRESH = 'GET /api/users/refresh-subscription';
const PROFILE = 'GET /api/users/profile';
const LINK = 'PUT /api/users/bingx-uid';
const SIMULATE = 'POST /dev/api/simulate-payment';
const DEMO_UIDS = 'GET /dev/api/exchange/demo-uids';

/**
 * The page signed in as `profile` (a function: each profile request reads it again, so a test can
 * change what the server says). The dev endpoints answer 404, as in production, unless given.
 */
function renderOnboarding(
  routesMock: Parameters<typeof mockApi>[0] = {},
  profile: () => User = unpaid,
  options: RenderRoutesOptions = {},
) {
  localStorage.setItem('token', 'tok');
  const api = mockApi({
    [PROFILE]: () => okResponse(profile()),
    [REFRESH]: () => okResponse(makeSubscription()),
    [DEMO_UIDS]: () => failResponse(404, 'NOT_FOUND', 'Not found'),
    ...routesMock,
  });
  return { ...renderRoutes(routes, { at: '/onboarding', ...options }), api };
}

const fakeTimers = () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return { userOptions: { advanceTimers: vi.advanceTimersByTime } };
};

afterEach(() => {
  vi.useRealTimers();
});

const paymentStep = () => screen.queryByRole('region', { name: 'Pay your subscription' });
const linkStep = () => screen.queryByRole('region', { name: 'Link your BingX account' });
const uidInput = () => screen.getByLabelText('BingX UID');

describe('onboarding: the steps', () => {
  it('shows the payment step, and only it, while the subscription is unpaid', async () => {
    renderOnboarding();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete your setup' }),
    ).toBeVisible();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Pay Subscription');
    expect(paymentStep()).toBeInTheDocument();
    expect(linkStep()).toBeNull();

    const step = paymentStep()!;
    expect(await within(step).findByText(DEPOSIT_ADDRESS)).toBeVisible();
    expect(within(step).getByText(USDT_CONTRACT)).toBeVisible();
    expect(within(step).getAllByText('BEP20 (BSC)').length).toBeGreaterThan(0);
    const amount = (label: string) => within(step).getByText(label).nextElementSibling;
    expect(amount('Subscription fee')).toHaveTextContent('10.00 USDT');
    expect(amount('Already credited')).toHaveTextContent('0.00 USDT');
    expect(amount('Amount due')).toHaveTextContent('10.00 USDT');
    expect(within(step).getByText(/usually takes 1-3 minutes/)).toBeVisible();
    expect(within(step).getByRole('button', { name: 'Refresh Payment Status' })).toBeEnabled();
  });

  it('shows the link step, and only it, when paid and not linked', async () => {
    const { api } = renderOnboarding({}, paidNotLinked);
    expect(await screen.findByRole('region', { name: 'Link your BingX account' })).toBeVisible();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Link exchange account',
    );
    expect(screen.getByText(/Step 1, completed/)).toBeInTheDocument();
    expect(paymentStep()).toBeNull();
    expect(uidInput()).toHaveAccessibleDescription(
      expect.stringContaining('numeric, usually 8-12 digits'),
    );
    expect(api.calls(REFRESH)).toHaveLength(0);
  });

  it('marks the exchange step done for a member whose subscription expired', async () => {
    renderOnboarding({}, () =>
      makeUser({ subscriptionFee: { paid: false, timestamp: null }, bingXUID: '123456789' }),
    );
    expect(await screen.findByRole('region', { name: 'Pay your subscription' })).toBeVisible();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Pay Subscription');
    expect(screen.getByText(/Step 2, completed/)).toBeInTheDocument();
  });
});

describe('onboarding: the payment step', () => {
  it('shows skeletons while the subscription loads', async () => {
    const gate = deferred<void>();
    renderOnboarding({ [REFRESH]: () => gate.promise.then(() => okResponse(makeSubscription())) });
    expect(
      await screen.findByRole('status', { name: 'Loading your payment details' }),
    ).toBeVisible();
    gate.resolve();
    expect(await screen.findByText(DEPOSIT_ADDRESS)).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading your payment details' })).toBeNull();
  });

  it('shows a load failure with its text and tries again', async () => {
    let fail = true;
    const { user, api } = renderOnboarding({
      [REFRESH]: () =>
        fail
          ? failResponse(503, 'CHAIN_UNAVAILABLE', 'The blockchain cannot be reached right now.')
          : okResponse(makeSubscription()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(errorText('CHAIN_UNAVAILABLE'));
    fail = false;
    const calls = api.calls(REFRESH).length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(DEPOSIT_ADDRESS)).toBeVisible();
    expect(api.calls(REFRESH)).toHaveLength(calls + 1);
  });

  it('draws a 256x256 QR code of the deposit address, and hides it when the image breaks', async () => {
    renderOnboarding();
    const qr = await screen.findByRole('img', { name: 'QR code of your deposit address' });
    expect(qr).toHaveAttribute('width', '256');
    expect(qr).toHaveAttribute('height', '256');
    const src = qr.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(src)).toContain('<svg');

    fireEvent.error(qr);
    expect(screen.queryByRole('img', { name: 'QR code of your deposit address' })).toBeNull();
    expect(screen.getByText(DEPOSIT_ADDRESS)).toBeVisible();
  });

  it('copies the deposit address and the USDT contract, confirming for 5 seconds', async () => {
    const { user } = renderOnboarding({}, unpaid, fakeTimers());
    await user.click(await screen.findByRole('button', { name: 'Copy deposit address' }));
    expect(await navigator.clipboard.readText()).toBe(DEPOSIT_ADDRESS);
    expect(screen.getAllByRole('button', { name: 'Copied!' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Copy USDT contract address' }));
    expect(await navigator.clipboard.readText()).toBe(USDT_CONTRACT);
    expect(screen.getAllByRole('button', { name: 'Copied!' })).toHaveLength(2);

    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 100);
    });
    expect(screen.getAllByRole('button', { name: 'Copied!' })).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(COPY_CONFIRMATION_MS);
    });
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy deposit address' })).toBeVisible();
  });

  it('Refresh Payment Status scans again and re-reads the profile; a payment moves on to step 2', async () => {
    let profile = unpaid();
    let subscription = makeSubscription();
    const { user, api } = renderOnboarding(
      { [REFRESH]: () => okResponse(subscription) },
      () => profile,
    );
    const refresh = await screen.findByRole('button', { name: 'Refresh Payment Status' });
    const scans = api.calls(REFRESH).length;
    const profileReads = api.calls(PROFILE).length;

    // Nothing arrived yet: the status says so.
    await user.click(refresh);
    expect(await screen.findByText(/the full fee has not arrived yet/)).toBeVisible();
    expect(api.calls(REFRESH)).toHaveLength(scans + 1);
    expect(api.calls(PROFILE)).toHaveLength(profileReads + 1);

    // The payment is final: the profile says paid, and the link step shows.
    subscription = makeSubscription({
      subscriptionFee: { paid: true, timestamp: '2025-01-05T10:00:00.000Z' },
      paidUntil: '2025-02-04T10:00:00.000Z',
    });
    profile = paidNotLinked();
    await user.click(screen.getByRole('button', { name: 'Refresh Payment Status' }));
    expect(await screen.findByRole('region', { name: 'Link your BingX account' })).toBeVisible();
    expect(api.calls(REFRESH)).toHaveLength(scans + 2);
    expect(paymentStep()).toBeNull();
  });

  it('shows a refresh failure with its text', async () => {
    let fail = false;
    const { user } = renderOnboarding({
      [REFRESH]: () =>
        fail ? failResponse(503, 'CHAIN_UNAVAILABLE', 'x') : okResponse(makeSubscription()),
    });
    const refresh = await screen.findByRole('button', { name: 'Refresh Payment Status' });
    fail = true;
    await user.click(refresh);
    expect(await screen.findByRole('alert')).toHaveTextContent(errorText('CHAIN_UNAVAILABLE'));
    // The details stay on screen.
    expect(screen.getByText(DEPOSIT_ADDRESS)).toBeVisible();
  });

  it('says when the payment watcher last looked at the network, or that it looks by itself', async () => {
    const at = new Date(2026, 10, 24, 14, 5);
    renderOnboarding({
      [REFRESH]: () => okResponse(makeSubscription({ lastChainScanAt: at.toISOString() })),
    });
    expect(
      await screen.findByText(/Payments are looked for on the network automatically; last look at/),
    ).toHaveTextContent(/2:05/);
  });

  it('offers no simulated payment on a real chain', async () => {
    renderOnboarding();
    await screen.findByText(DEPOSIT_ADDRESS);
    expect(screen.queryByText(/Simulate a payment/)).toBeNull();
  });

  it('with the simulated chain: sends simulated payments, 9.99 leaves credit, 0.01 completes the fee', async () => {
    let profile = unpaid();
    let credit = 0;
    const { user, api } = renderOnboarding(
      {
        [REFRESH]: () => okResponse(makeSubscription({ simulatedChain: true })),
        [SIMULATE]: ({ body }) => {
          credit += (body as { amount: number }).amount;
          const paid = credit >= 10;
          if (paid) profile = paidNotLinked();
          return okResponse(
            makeSubscription({
              simulatedChain: true,
              subscriptionFee: { paid, timestamp: paid ? '2025-01-05T10:00:00.000Z' : null },
              creditUsdt: paid ? 0 : credit,
              amountDueUsdt: paid ? 10 : Math.round((10 - credit) * 100) / 100,
            }),
            'PAYMENT_SIMULATED',
          );
        },
      },
      () => profile,
    );
    const card = await screen.findByRole('region', {
      name: 'Simulate a payment (development only)',
    });
    const amount = within(card).getByLabelText('Amount (USDT)');
    expect(amount).toHaveValue(10);

    await user.clear(amount);
    await user.type(amount, '9.99');
    await user.click(within(card).getByRole('button', { name: 'Simulate payment' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'A simulated payment was sent and confirmed.',
    );
    expect(api.calls(SIMULATE)[0]?.body).toEqual({ amount: 9.99 });
    expect(api.calls(SIMULATE)[0]?.headers.get('Authorization')).toBe('Bearer tok');
    const step = paymentStep()!;
    const value = (label: string) => within(step).getByText(label).nextElementSibling;
    expect(value('Already credited')).toHaveTextContent('9.99 USDT');
    expect(value('Amount due')).toHaveTextContent('0.01 USDT');
    expect(paymentStep()).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '0.01');
    await user.click(within(card).getByRole('button', { name: 'Simulate payment' }));
    expect(await screen.findByRole('region', { name: 'Link your BingX account' })).toBeVisible();
    expect(api.calls(SIMULATE)[1]?.body).toEqual({ amount: 0.01 });
    expect(paymentStep()).toBeNull();
  });

  it('refuses an empty or non-positive simulated amount without a call', async () => {
    const { user, api } = renderOnboarding({
      [REFRESH]: () => okResponse(makeSubscription({ simulatedChain: true })),
    });
    const amount = await screen.findByLabelText('Amount (USDT)');
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Simulate payment' }));
    expect(screen.getByText('Enter an amount greater than 0')).toBeVisible();
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Simulate payment' }));
    expect(screen.getByText('Enter an amount greater than 0')).toBeVisible();
    expect(api.calls(SIMULATE)).toHaveLength(0);
  });
});

describe('onboarding: the link step', () => {
  it('refuses an empty or blank UID without calling the server', async () => {
    const { user, api } = renderOnboarding({}, paidNotLinked);
    const button = await screen.findByRole('button', { name: 'Link BingX UID' });
    await user.click(button);
    expect(screen.getByText('Please enter your BingX UID')).toBeVisible();
    expect(uidInput()).toHaveAttribute('aria-invalid', 'true');
    expect(uidInput()).toHaveFocus();

    await user.type(uidInput(), '   ');
    expect(screen.queryByText('Please enter your BingX UID')).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Please enter your BingX UID')).toBeVisible();
    expect(api.calls(LINK)).toHaveLength(0);
  });

  it('offers a claim when the UID is linked to another account, and files it', async () => {
    let claims: unknown[] = [];
    const { user, api } = renderOnboarding(
      {
        [LINK]: () => failResponse(409, 'BINGX_UID_ALREADY_EXISTS', 'x'),
        'GET /api/users/bingx-uid/claims': () => okResponse({ claims }),
        'POST /api/users/bingx-uid/claims': () => {
          claims = [
            {
              _id: 'c1',
              uid: '12345678',
              message: 'It is my account, KYC as Ada Lovelace.',
              status: 'OPEN',
              createdAt: '2026-11-25T10:00:00.000Z',
              resolvedAt: null,
              resolutionNote: null,
            },
          ];
          return okResponse(claims[0], 'OK', 201);
        },
      },
      paidNotLinked,
    );
    await user.type(await screen.findByLabelText('BingX UID'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Link BingX UID' }));
    const form = await screen.findByRole('form', { name: 'Claim this BingX UID' });
    await user.click(within(form).getByRole('button', { name: 'File a claim' }));
    expect(
      within(form).getByText('Tell us why this UID is yours (at least 10 characters)'),
    ).toBeVisible();
    expect(api.calls('POST /api/users/bingx-uid/claims')).toHaveLength(0);
    await user.type(
      within(form).getByLabelText('Why this UID is yours'),
      'It is my account, KYC as Ada Lovelace.',
    );
    await user.click(within(form).getByRole('button', { name: 'File a claim' }));
    expect(await screen.findByText('Your claim is being reviewed')).toBeVisible();
    expect(api.calls('POST /api/users/bingx-uid/claims')[0]?.body).toEqual({
      bingXUID: '12345678',
      message: 'It is my account, KYC as Ada Lovelace.',
    });
  });

  it('sends the trimmed UID, busy meanwhile', async () => {
    const answer = deferred<Response>();
    const { user, api } = renderOnboarding({ [LINK]: () => answer.promise }, paidNotLinked);
    await user.type(await screen.findByLabelText('BingX UID'), '  12345678  ');
    await user.click(screen.getByRole('button', { name: 'Link BingX UID' }));
    expect(screen.getByRole('button', { name: /Linking/ })).toBeDisabled();
    expect(api.calls(LINK)).toHaveLength(1);
    expect(api.calls(LINK)[0]?.body).toEqual({ bingXUID: '12345678' });
    answer.resolve(failResponse(400, 'BINGX_UID_INELIGIBLE', 'x'));
    expect(await screen.findByRole('alert')).toHaveTextContent('UID is not eligible.');
    expect(screen.getByRole('button', { name: 'Link BingX UID' })).toBeEnabled();
  });

  it.each([
    ['BINGX_UID_INELIGIBLE', 400, 'UID is not eligible.'],
    ['BINGX_UID_INCOMPLETE_KYC', 400, 'KYC not completed.'],
    ['BINGX_UID_INSUFFICIENT_DEPOSIT', 400, 'Does not meet the minimum deposit.'],
    ['BINGX_UID_ALREADY_SET', 409, 'UID already set and cannot be changed.'],
    ['BINGX_UID_ALREADY_EXISTS', 409, 'UID linked to another account.'],
    ['EXCHANGE_UNAVAILABLE', 503, errorText('EXCHANGE_UNAVAILABLE')],
  ] as const)('shows %s with its catalogue text', async (code, status, text) => {
    const { user } = renderOnboarding(
      { [LINK]: () => failResponse(status, code, 'server words') },
      paidNotLinked,
    );
    await user.type(await screen.findByLabelText('BingX UID'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Link BingX UID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('region', { name: 'Link your BingX account' })).toBeVisible();
    // Typing again clears the error.
    await user.type(uidInput(), '9');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      'the field message of a VALIDATION_ERROR',
      () =>
        failResponse(400, 'VALIDATION_ERROR', 'Check your input.', {
          errors: [{ field: 'bingXUID', message: 'Please enter your BingX UID' }],
        }),
      'Please enter your BingX UID',
    ],
    [
      'a failure without a message',
      () => failResponse(400, null, null),
      'Failed to link BingX UID',
    ],
    [
      'an answer that breaks the contract',
      () => okResponse({ nope: true }, 'BINGX_UID_LINKED'),
      'An error occurred while linking BingX UID',
    ],
  ])('shows %s', async (_, answer, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderOnboarding({ [LINK]: answer }, paidNotLinked);
    await user.type(await screen.findByLabelText('BingX UID'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Link BingX UID' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('on success says so, shows the completion card and goes to the dashboard after 3 s', async () => {
    let profile = paidNotLinked();
    const { user, api, router, queryClient } = renderOnboarding(
      {
        [LINK]: () => {
          profile = makeUser({ bingXUID: '12345678' });
          return okResponse(profile, 'BINGX_UID_LINKED');
        },
      },
      () => profile,
      fakeTimers(),
    );
    await user.type(await screen.findByLabelText('BingX UID'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Link BingX UID' }));

    expect(
      await screen.findByText('BingX UID linked successfully! Redirecting you to the dashboard...'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeVisible();
    expect(screen.queryByRole('listitem', { current: 'step' })).toBeNull();
    expect(screen.getByText(/Step 2, completed/)).toBeInTheDocument();
    expect(linkStep()).toBeNull();

    // The profile is refreshed when the page leaves, so the guards let the member in.
    const profileReads = api.calls(PROFILE).length;
    act(() => {
      vi.advanceTimersByTime(REDIRECT_DELAY_MS - 100);
    });
    expect(router.state.location.pathname).toBe('/onboarding');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(queryClient.getQueryData<User>(profileQueryKey)?.bingXUID).toBe('12345678');
    await waitFor(() => expect(api.calls(PROFILE).length).toBeGreaterThan(profileReads));
  });

  it('Go to Dashboard goes at once', async () => {
    const { user, router } = renderOnboarding(
      { [LINK]: () => okResponse(makeUser({ bingXUID: '12345678' }), 'BINGX_UID_LINKED') },
      paidNotLinked,
    );
    await user.type(await screen.findByLabelText('BingX UID'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Link BingX UID' }));
    await user.click(await screen.findByRole('button', { name: 'Go to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('offers the simulator UIDs in a "Demo only" hint; picking one fills the input', async () => {
    const { user, api } = renderOnboarding(
      {
        [DEMO_UIDS]: () =>
          okResponse({
            uids: [
              { uid: '10000001', outcome: 'Eligible: links successfully' },
              { uid: '10000002', outcome: 'BINGX_UID_INELIGIBLE' },
            ],
          }),
        [LINK]: () => failResponse(400, 'BINGX_UID_INELIGIBLE', 'x'),
      },
      paidNotLinked,
    );
    const hint = await screen.findByRole('region', { name: 'Try a simulator UID' });
    expect(within(hint).getByText('Demo only')).toBeVisible();
    await user.click(
      within(hint).getByRole('button', { name: 'Use demo UID 10000002: UID is not eligible.' }),
    );
    expect(uidInput()).toHaveValue('10000002');
    expect(uidInput()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('UID is not eligible.');
    expect(api.calls(LINK)[0]?.body).toEqual({ bingXUID: '10000002' });
  });

  it('shows no demo hint where the server offers none', async () => {
    const { api } = renderOnboarding({}, paidNotLinked);
    await screen.findByLabelText('BingX UID');
    await waitFor(() => expect(api.calls(DEMO_UIDS).length).toBeGreaterThan(0));
    expect(screen.queryByText('Demo only')).toBeNull();
  });
});

describe('onboarding: checking a BingX UID on the link step', () => {
  it('comes before the payment instructions; the check itself opens once paid', async () => {
    renderOnboarding();
    const payment = await screen.findByRole('region', { name: 'Pay your subscription' });
    const check = screen.getByRole('region', { name: 'Check my BingX UID first' });
    // Read top-down, what BingX must confirm comes before the fee.
    expect(check.compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(check).toHaveTextContent('Opened BingX through our link');
    expect(check).toHaveTextContent('KYC completed');
    expect(check).toHaveTextContent('Deposited at least 100 USDT');
    expect(check).toHaveTextContent('Once your subscription is paid, enter your UID here');
    // The server answers the check only to a paid member (decision 040).
    expect(within(check).queryByRole('button', { name: 'Check' })).toBeNull();
  });

  it('says what is met, what is missing without a balance, and what to do', async () => {
    const gate = deferred<Response>();
    const { user, api } = renderOnboarding(
      { 'POST /api/users/bingx-uid/check': () => gate.promise },
      paidNotLinked,
    );
    const region = await screen.findByRole('region', { name: 'Check my BingX UID first' });
    const check = within(region).getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();
    await user.type(within(region).getByLabelText('UID to check'), ' 92000001 ');
    await user.click(check);
    expect(within(region).getByRole('button', { name: 'Checking...' })).toBeDisabled();
    expect(api.calls('POST /api/users/bingx-uid/check')[0]!.body).toEqual({
      bingXUID: '92000001',
    });
    gate.resolve(
      okResponse({
        uid: '92000001',
        eligible: false,
        takenByOther: false,
        criteria: [
          { key: 'INVITED', ok: true, figure: null },
          { key: 'KYC', ok: null, figure: null },
          { key: 'DEPOSIT', ok: false, figure: null },
        ],
      }),
    );
    const result = await within(region).findByTestId('uid-check-result');
    expect(result).toHaveTextContent('Opened BingX through our link');
    expect(result).toHaveTextContent('BingX did not say whether KYC is complete');
    expect(result).toHaveTextContent(
      'The balance is below 100 USDT: deposit enough on BingX to hold at least 100 USDT',
    );
    expect(result).not.toHaveTextContent('balance now');
    expect(result).toHaveTextContent('This UID cannot be linked yet.');
    expect(result).not.toHaveTextContent('another account');
  });

  it('shows why a check was refused', async () => {
    const { user } = renderOnboarding(
      { 'POST /api/users/bingx-uid/check': () => failResponse(429, 'TOO_MANY_REQUESTS') },
      paidNotLinked,
    );
    const region = await screen.findByRole('region', { name: 'Check my BingX UID first' });
    await user.type(within(region).getByLabelText('UID to check'), '92000001');
    await user.click(within(region).getByRole('button', { name: 'Check' }));
    expect(await within(region).findByRole('alert')).toBeInTheDocument();
  });
});

describe('onboarding: the payment watched live', () => {
  it('waits, then shows the transfer seen with its explorer link and what is still due', async () => {
    fakeTimers();
    // The member sends 4 USDT while the page waits.
    let sent = false;
    const { api } = renderOnboarding({
      [REFRESH]: () =>
        okResponse(
          sent
            ? makeSubscription({
                payments: [makePayment({ amount: 4, periodsAdded: 0, paidUntil: null })],
                creditUsdt: 4,
                amountDueUsdt: 6,
              })
            : makeSubscription({ payments: [], creditUsdt: 0, amountDueUsdt: 10 }),
        ),
    });
    const watch = await screen.findByTestId('payment-watch');
    expect(watch).toHaveTextContent('Waiting for your payment…');
    expect(watch).toHaveTextContent('checks every 15 seconds');
    const asked = api.calls(REFRESH).length;
    sent = true;
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    await waitFor(() =>
      expect(watch).toHaveTextContent('4.00 USDT received: 6.00 USDT still to send.'),
    );
    const link = within(watch).getByRole('link', { name: /0x/ });
    expect(link.getAttribute('href')).toMatch(/\/tx\/0x[0-9a-f]+$/);
    expect(api.calls(REFRESH).length).toBeGreaterThan(asked);
  });

  it('shows a transfer seen in a block not final yet as confirming, with its transaction', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    renderOnboarding({
      [REFRESH]: () =>
        okResponse(
          makeSubscription({
            payments: [],
            creditUsdt: 0,
            amountDueUsdt: 10,
            incoming: [{ transactionHash: hash, amount: 10, blockNumber: 120, blocksToFinal: 2 }],
          }),
        ),
    });
    const watch = await screen.findByTestId('payment-watch');
    await waitFor(() =>
      expect(watch).toHaveTextContent(
        '10.00 USDT seen on the chain, confirming: about 2 blocks to go.',
      ),
    );
    expect(within(watch).getByRole('link', { name: /0xabab/ })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/tx/${hash}$`)),
    );
    expect(watch).toHaveTextContent('credited once its block is final');
  });
});
