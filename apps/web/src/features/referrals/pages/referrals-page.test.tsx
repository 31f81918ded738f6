import type { ReferralHistoryResponse, ReferralItem } from '@ctn/contracts/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/session';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { createTestQueryClient, renderRoutes } from '@/testing/render';
import { ReferralsPage } from './referrals-page';

const member = makeUser({ referralCode: 'AB3CD7EF' });

function item(n: number, overrides: Partial<ReferralItem> = {}): ReferralItem {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    firstName: 'Grace',
    lastName: `Hopper${n}`,
    name: `Grace Hopper${n}`,
    email: `grace${n}@example.com`,
    level: 1,
    status: 'ACTIVE',
    subscriptionPaid: true,
    subscriptionTimestamp: '2025-03-04T10:00:00.000Z',
    bingxLinked: true,
    joinedAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}

function answer(
  referrals: ReferralItem[],
  pagination: Partial<ReferralHistoryResponse['pagination']> = {},
): ReferralHistoryResponse {
  return {
    referralCode: 'AB3CD7EF',
    statistics: { totalReferrals: 33, activeReferrals: 30, bingxLinked: 21, paidSubscriptions: 25 },
    referrals,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalRecords: referrals.length,
      limit: 10,
      hasNextPage: false,
      hasPrevPage: false,
      ...pagination,
    },
  };
}

function renderPage() {
  localStorage.setItem('token', 'tok');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryKey, member);
  return renderRoutes([{ path: '/referrals', element: <ReferralsPage /> }], {
    at: '/referrals',
    queryClient,
  });
}

afterEach(() => vi.useRealTimers());

describe('referrals page', () => {
  it('shows the loading text, then the code, link, statistics and history', async () => {
    const gate = deferred<ReferralHistoryResponse>();
    const api = mockApi({
      'GET /api/users/referrals/history': () => gate.promise.then((data) => okResponse(data)),
    });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Referral Program' })).toBeVisible();
    expect(screen.getByText('Loading referral data...')).toBeInTheDocument();
    expect(screen.getByTestId('referral-code')).toHaveTextContent('AB3CD7EF');
    expect(screen.getByTestId('referral-link')).toHaveTextContent(
      `${window.location.origin}/ref/AB3CD7EF`,
    );
    gate.resolve(
      answer([
        item(1),
        item(2, {
          status: 'LOCKED',
          subscriptionPaid: false,
          subscriptionTimestamp: null,
          bingxLinked: false,
          level: 3,
        }),
        item(3, { status: 'SUSPENDED' }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Referral history' });
    // The spec's column names (member section 2, "/referrals").
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Level', 'Status', 'Subscription', 'Linked exchange account', 'Joined']);
    const request = api.calls('GET /api/users/referrals/history')[0]!;
    expect(Object.fromEntries(request.url.searchParams)).toEqual({ page: '1', limit: '10' });

    const stats = screen.getByRole('region', { name: 'Referral Statistics' });
    for (const [label, value] of [
      ['Total Referrals', '33'],
      ['Active Users', '30'],
      ['BingX Linked', '21'],
      ['Paid Subscriptions', '25'],
    ] as const) {
      expect(within(stats).getByText(label).nextSibling).toHaveTextContent(value);
    }

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('GH');
    expect(rows[0]).toHaveTextContent('Grace Hopper1');
    expect(rows[0]).toHaveTextContent('grace1@example.com');
    expect(rows[0]).toHaveTextContent('Level 1');
    expect(within(rows[0]!).getByText('Active')).toHaveAttribute('data-status', 'ACTIVE');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('Mar 4, 2025');
    expect(rows[0]).toHaveTextContent('Linked');
    expect(rows[0]).toHaveTextContent('Feb 1, 2025');
    expect(rows[1]).toHaveTextContent('Level 3');
    expect(rows[1]).toHaveTextContent('Locked');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Not Linked');
    // Any other status gets the neutral style.
    expect(within(rows[2]!).getByText('Suspended').className).toContain('bg-surface-muted');
    // One page: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Referral history pages' })).toBeNull();
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /api/users/referrals/history': () => okResponse(answer([])) });
    renderPage();
    expect(await screen.findByText('No referrals yet')).toBeInTheDocument();
    expect(
      screen.getByText('Start sharing your referral code to see your referrals here!'),
    ).toBeInTheDocument();
  });

  it('shows both error states, and Try again and Retry load again', async () => {
    mockApi({
      'GET /api/users/referrals/history': () => failResponse(500, 'INTERNAL_SERVER_ERROR', 'x'),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load statistics')).toBeInTheDocument();
    expect(screen.getByText('Failed to load referral data')).toBeInTheDocument();
    const api = mockApi({
      'GET /api/users/referrals/history': () => okResponse(answer([item(1)])),
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Grace Hopper1')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load statistics')).toBeNull();
    expect(api.calls('GET /api/users/referrals/history')).toHaveLength(1);

    mockApi({
      'GET /api/users/referrals/history': () => failResponse(500, 'INTERNAL_SERVER_ERROR', 'x'),
    });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    // A failed refresh keeps what was shown.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(screen.getByText('Grace Hopper1')).toBeInTheDocument();
  });

  it('paginates with a range, Previous/Next and up to 5 sliding page buttons; the level filter starts again at page 1', async () => {
    const api = mockApi({
      'GET /api/users/referrals/history': (request) => {
        const page = Number(request.url.searchParams.get('page'));
        return okResponse(
          answer(
            Array.from({ length: 10 }, (_, i) => item((page - 1) * 10 + i + 1)),
            {
              currentPage: page,
              totalPages: 8,
              totalRecords: 75,
              hasNextPage: page < 8,
              hasPrevPage: page > 1,
            },
          ),
        );
      },
    });
    const { user } = renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Referral history pages' });
    expect(nav).toHaveTextContent('1 - 10 of 75 referrals');
    const pageButtons = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(nav).getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(nav).toHaveTextContent('41 - 50 of 75 referrals'));
    expect(pageButtons()).toEqual(['3', '4', '5', '6', '7']);
    await user.click(within(nav).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(nav).toHaveTextContent('51 - 60 of 75 referrals'));
    expect(pageButtons()).toEqual(['4', '5', '6', '7', '8']);

    const filter = screen.getByLabelText('Level');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Levels', ...Array.from({ length: 15 }, (_, i) => `Level ${i + 1}`)]);
    await user.selectOptions(filter, 'Level 3');
    await waitFor(() => {
      const last = api.calls('GET /api/users/referrals/history').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({
        page: '1',
        limit: '10',
        level: '3',
      });
    });
  });

  it("copies the public link and says 'Successfully Copied!' for 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/users/referrals/history': () => okResponse(answer([])) });
    const { user } = renderPage();
    await screen.findByText('No referrals yet');
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/ref/AB3CD7EF`);
    expect(screen.getByRole('button', { name: 'Successfully Copied!' })).toBeInTheDocument();
    vi.advanceTimersByTime(4_900);
    expect(screen.getByText('Successfully Copied!')).toBeInTheDocument();
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(screen.queryByText('Successfully Copied!')).toBeNull());
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });
});
