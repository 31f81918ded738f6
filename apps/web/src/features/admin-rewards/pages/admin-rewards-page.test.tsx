import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse, type MockRequest } from '@/testing/api-mock';
import { csvResponse, pressExport } from '@/testing/export';
import { renderRoutes, Stub } from '@/testing/render';
import { makeAdminReward, rewardsAnswer } from '../testing-fixtures';
import { AdminRewardsPage } from './admin-rewards-page';

const LIST = 'GET /api/rewards/admin/all';

function renderPage(at = '/admin/rewards') {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/rewards', element: <AdminRewardsPage /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
    ],
    { at },
  );
}

const query = (request: MockRequest) => Object.fromEntries(request.url.searchParams);

function statValue(label: string) {
  const stats = screen.getByRole('region', { name: 'Reward Statistics' });
  return within(stats).getByText(label).nextSibling;
}

describe('admin rewards page', () => {
  it('shows the statistics and the table, and a member links to their detail', async () => {
    const api = mockApi({
      [LIST]: () =>
        okResponse(
          rewardsAnswer([
            makeAdminReward(1, { bucket: 'LOCKED' }),
            makeAdminReward(2, {
              type: 'DIRECT',
              level: 1,
              percent: 20,
              rewardAmount: 2,
              masterAmount: 10,
              cycle: null,
              downlineUser: undefined,
            }),
          ]),
        ),
    });
    const { user, router } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading rewards...');
    const table = await screen.findByRole('table');
    expect(query(api.calls(LIST)[0]!)).toEqual({ page: '1', limit: '10', sort: '-createdAt' });

    for (const [label, value] of [
      ['Total Rewards Distributed', '$1,500.50'],
      ['Rewards Count', '120'],
      ['Direct Rewards', '$1,000.00'],
      ['Downline Rewards', '$500.50'],
      ['Total Master Amount', '$25,000.00'],
      ['Average Reward', '$12.50'],
      ['Max Reward', '$200.00'],
      ['Min Reward', '$0.01'],
    ] as const) {
      expect(statValue(label)).toHaveTextContent(value);
    }
    expect(statValue('Direct Rewards')?.nextSibling).toHaveTextContent('20 rewards');
    expect(statValue('Downline Rewards')?.nextSibling).toHaveTextContent('100 rewards');

    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Grace Hopper1');
    expect(first).toHaveTextContent('grace1@example.com');
    expect(within(first!).getByText('DOWNLINE')).toHaveAttribute('data-status', 'DOWNLINE');
    expect(first).toHaveTextContent('Alan Turing1');
    expect(first).toHaveTextContent('CT300001');
    expect(first).toHaveTextContent('$4.00(2%)');
    expect(first).toHaveTextContent('$200.00');
    expect(first).toHaveTextContent('#7');
    expect(within(first!).getByText('Locked')).toBeInTheDocument();
    expect(first).toHaveTextContent('Mar 1, 2025');
    expect(within(second!).getByText('DIRECT')).toHaveAttribute('data-status', 'DIRECT');
    expect(within(second!).getAllByText('—')).toHaveLength(2);
    expect(within(second!).queryByText('Locked')).toBeNull();
    expect(screen.getByText('2 rewards')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    await user.click(within(first!).getByRole('link', { name: /^CT200001/ }));
    expect(router.state.location.pathname).toBe(
      `/admin/users/${makeAdminReward(1).rewardUser._id}`,
    );
  });

  it('sends the type, level and cycle filters, each starting again at page 1', async () => {
    const api = mockApi({
      [LIST]: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return okResponse(
          rewardsAnswer([makeAdminReward(page)], {
            currentPage: page,
            totalPages: 3,
            totalRecords: 25,
            hasNext: page < 3,
            hasPrev: page > 1,
          }),
        );
      },
    });
    const { user, router } = renderPage('/admin/rewards?cycle=4');
    await screen.findByText('Page 1 of 3');
    expect(query(api.calls(LIST)[0]!)).toMatchObject({ cycle: '4', page: '1' });
    expect(screen.getByLabelText('Cycle')).toHaveValue(4);

    const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
    const last = () => query(api.calls(LIST).at(-1)!);

    await next();
    await screen.findByText('Page 2 of 3');
    await user.selectOptions(screen.getByLabelText('Type'), 'DOWNLINE');
    await screen.findByText('Page 1 of 3');
    expect(last()).toMatchObject({ type: 'DOWNLINE', cycle: '4', page: '1' });

    await next();
    await screen.findByText('Page 2 of 3');
    await user.selectOptions(screen.getByLabelText('Level'), '3');
    await screen.findByText('Page 1 of 3');
    expect(last()).toMatchObject({ type: 'DOWNLINE', level: '3', page: '1' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'DIRECT',
      'DOWNLINE',
      'All',
      ...Array.from({ length: 15 }, (_, i) => String(i + 1)),
    ]);

    const cycle = screen.getByLabelText('Cycle');
    await user.clear(cycle);
    await user.type(cycle, '12');
    await waitFor(() => expect(last()).toMatchObject({ cycle: '12', page: '1' }), {
      timeout: 2000,
    });
    // Every filter is in the URL; the page is not, back at page 1.
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      cycle: '12',
      type: 'DOWNLINE',
      level: '3',
    });
    // Debounced: no request for the cleared field or the '1' typed on the way to '12'.
    expect(api.calls(LIST).filter((r) => r.url.searchParams.get('cycle') !== '4')).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Type'), '');
    await user.clear(cycle);
    await waitFor(
      () => expect(last()).toEqual({ page: '1', limit: '10', level: '3', sort: '-createdAt' }),
      {
        timeout: 2000,
      },
    );
  });

  it('debounces the search, starts again at page 1 and keeps the unsearched statistics', async () => {
    const api = mockApi({
      [LIST]: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        if (req.url.searchParams.get('search')) {
          return okResponse(rewardsAnswer([makeAdminReward(9)], {}, { total: 1 }));
        }
        return okResponse(
          rewardsAnswer(
            [makeAdminReward(page)],
            {
              currentPage: page,
              totalPages: 2,
              totalRecords: 12,
              hasNext: page < 2,
              hasPrev: page > 1,
            },
            { total: 12 },
          ),
        );
      },
    });
    const { user } = renderPage();
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(statValue('Rewards Count')).toHaveTextContent('12');
    const before = api.calls(LIST).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search rewards' }), 'hopper9');
    expect(api.calls(LIST)).toHaveLength(before);
    expect(await screen.findByText('Grace Hopper9', {}, { timeout: 2000 })).toBeInTheDocument();
    const searches = api.calls(LIST).filter((r) => r.url.searchParams.get('search'));
    expect(searches).toHaveLength(1);
    expect(query(searches[0]!)).toMatchObject({ search: 'hopper9', page: '1' });
    // The search narrowed the table, not the statistics.
    expect(statValue('Rewards Count')).toHaveTextContent('12');

    // An explicit refresh takes the statistics of what is listed.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(statValue('Rewards Count')).toHaveTextContent('1'));
    expect(api.calls(LIST).filter((r) => r.url.searchParams.get('search'))).toHaveLength(2);
  });

  it('exports the rewards of the current filters', async () => {
    const api = mockApi({
      [LIST]: () => okResponse(rewardsAnswer([makeAdminReward(1)])),
      'GET /api/rewards/admin/export': () => csvResponse('rewards-2026-11-21.csv'),
    });
    const { user } = renderPage('/admin/rewards?cycle=4');
    await screen.findByRole('table');
    await pressExport(user);
    expect(query(api.calls('GET /api/rewards/admin/export')[0]!)).toEqual({
      cycle: '4',
      sort: '-createdAt',
    });
  });

  it('shows the empty text', async () => {
    mockApi({ [LIST]: () => okResponse(rewardsAnswer([])) });
    renderPage();
    expect(await screen.findByText('No rewards found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Rewards pages' })).toBeNull();
  });

  it('shows the errors with Retry, preferring the server text', async () => {
    mockApi({ [LIST]: () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch rewards');

    mockApi({ [LIST]: () => failResponse(503, 'REWARDS_BUSY', 'Rewards are being recounted') });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Rewards are being recounted')).toBeInTheDocument();

    mockApi({ [LIST]: () => okResponse({ unexpected: true }) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('An error occurred while fetching rewards')).toBeInTheDocument();

    mockApi({ [LIST]: () => okResponse(rewardsAnswer([makeAdminReward(1)])) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper1')).toBeInTheDocument();
  });

  it('opens the detail dialog with every field', async () => {
    const reward = makeAdminReward(1, { rewardAmount: 0.006, percent: 0.6, masterAmount: 1 });
    mockApi({ [LIST]: () => okResponse(rewardsAnswer([reward])) });
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Details of the reward to Grace Hopper1' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reward Details' });
    const field = (label: string) => within(dialog).getByText(label).nextSibling;
    expect(field('Reward ID')).toHaveTextContent(reward._id);
    expect(field('Type')).toHaveTextContent('DOWNLINE');
    expect(field('Level')).toHaveTextContent('2');
    expect(field('Amount')).toHaveTextContent('$0.00(0.006 USDT)'); // floor, exact beside it
    expect(field('Percent')).toHaveTextContent('0.6%');
    expect(field('Master Amount')).toHaveTextContent('$1.00');
    expect(field('Cycle')).toHaveTextContent('#7');
    expect(field('Bucket')).toHaveTextContent('Available');
    expect(field('Date')).toHaveTextContent('Mar 1, 2025');
    expect(field('Member')).toHaveTextContent('Grace Hopper1');
    expect(field('Member Email')).toHaveTextContent('grace1@example.com');
    expect(field('Member User ID')).toHaveTextContent('CT200001');
    expect(field('From')).toHaveTextContent('Alan Turing1');
    expect(field('From Email')).toHaveTextContent('alan1@example.com');
    expect(field('From User ID')).toHaveTextContent('CT300001');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
