import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse, type MockRequest } from '@/testing/api-mock';
import { csvResponse, pressExport } from '@/testing/export';
import { renderRoutes, Stub } from '@/testing/render';
import {
  makeAdminWithdrawal,
  TX_HASH,
  WALLET,
  withdrawalsAnswer,
} from '@/testing/admin-withdrawal-fixtures';
import { AdminWithdrawalsPage } from './admin-withdrawals-page';

const LIST = 'GET /api/withdrawals/admin/all';

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/withdrawals', element: <AdminWithdrawalsPage /> },
      { path: '/admin/withdrawals/:id', element: <Stub name="Withdrawal review" /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
    ],
    { at: '/admin/withdrawals' },
  );
}

const query = (request: MockRequest) => Object.fromEntries(request.url.searchParams);

function statValue(label: string) {
  const stats = screen.getByRole('region', { name: 'Withdrawal Statistics' });
  return within(stats).getByText(label).nextSibling;
}

describe('admin withdrawals page', () => {
  it('shows the statistics and the table, shortened and linked, with a Review link', async () => {
    const api = mockApi({
      [LIST]: () =>
        okResponse(
          withdrawalsAnswer([
            makeAdminWithdrawal(1),
            makeAdminWithdrawal(2, {
              status: 'BLOCKED_COMPLIANCE',
              transactionHash: TX_HASH,
              processedAt: '2025-03-03T11:00:00.000Z',
            }),
          ]),
        ),
    });
    const { user, router } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading withdrawals...');
    const table = await screen.findByRole('table');
    expect(query(api.calls(LIST)[0]!)).toEqual({ page: '1', limit: '10', sort: '-createdAt' });

    for (const [label, value] of [
      // Approved 1,200.25 plus pending 300.50.
      ['Total Amount', '$1,500.75'],
      ['Total Requests', '40'],
      ['Pending', '5'],
      ['Approved', '30'],
      ['Rejected', '3'],
      ['Blocked', '2'],
    ] as const) {
      expect(statValue(label)).toHaveTextContent(value);
    }
    expect(statValue('Pending')?.nextSibling).toHaveTextContent('$300.50');
    expect(statValue('Approved')?.nextSibling).toHaveTextContent('$1,200.25');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Member', 'Amount', 'Wallet', 'Status', 'Transaction', 'Requested', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Ada Lovelace1');
    expect(first).toHaveTextContent('ada1@example.com');
    expect(first).toHaveTextContent('CT400001');
    expect(first).toHaveTextContent('$25.50');
    const wallet = within(first!).getByRole('link', { name: /^0x5290\.\.\.9EE7/ });
    // The server's trailing slash is dropped.
    expect(wallet).toHaveAttribute('href', `https://testnet.bscscan.com/address/${WALLET}`);
    expect(wallet).toHaveAttribute('target', '_blank');
    expect(within(first!).getByText('PENDING')).toHaveAttribute('data-status', 'PENDING');
    expect(first).toHaveTextContent('—');
    expect(first).toHaveTextContent('Mar 2, 2025');

    expect(within(second!).getByText('BLOCKED COMPLIANCE')).toHaveAttribute(
      'data-status',
      'BLOCKED_COMPLIANCE',
    );
    const tx = within(second!).getByRole('link', { name: /^0xab12ab12\.\.\.ab12cdef/ });
    expect(tx).toHaveAttribute('href', `https://testnet.bscscan.com/tx/${TX_HASH}`);
    expect(second).toHaveTextContent('Mar 3, 2025');
    expect(screen.getByText('2 withdrawals')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();

    await user.click(within(first!).getByRole('link', { name: /^CT400001/ }));
    expect(router.state.location.pathname).toBe(`/admin/users/${makeAdminWithdrawal(1).user._id}`);
    await router.navigate('/admin/withdrawals');
    const review = await screen.findAllByRole('link', { name: /^Review the withdrawal/ });
    expect(review[1]).toHaveAccessibleName('Review the withdrawal of $25.50 by Ada Lovelace2');
    await user.click(review[1]!);
    expect(router.state.location.pathname).toBe(`/admin/withdrawals/${makeAdminWithdrawal(2)._id}`);
  });

  it('sends the status filter, starting again at page 1', async () => {
    const api = mockApi({
      [LIST]: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return okResponse(
          withdrawalsAnswer([makeAdminWithdrawal(page)], {
            currentPage: page,
            totalPages: 3,
            totalRecords: 25,
            hasNextPage: page < 3,
            hasPrevPage: page > 1,
          }),
        );
      },
    });
    const { user } = renderPage();
    await screen.findByText('Page 1 of 3');
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Status', 'PENDING', 'APPROVED', 'REJECTED', 'BLOCKED COMPLIANCE', 'CANCELLED']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(query(api.calls(LIST).at(-1)!)).toMatchObject({ page: '2' });

    await user.selectOptions(status, 'BLOCKED_COMPLIANCE');
    await screen.findByText('Page 1 of 3');
    expect(query(api.calls(LIST).at(-1)!)).toEqual({
      page: '1',
      limit: '10',
      status: 'BLOCKED_COMPLIANCE',
      sort: '-createdAt',
    });

    await user.selectOptions(status, '');
    await waitFor(() =>
      expect(query(api.calls(LIST).at(-1)!)).toEqual({
        page: '1',
        limit: '10',
        sort: '-createdAt',
      }),
    );
  });

  it('debounces the search, starts again at page 1 and keeps the unsearched statistics', async () => {
    const api = mockApi({
      [LIST]: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        if (req.url.searchParams.get('search')) {
          return okResponse(withdrawalsAnswer([makeAdminWithdrawal(9)], {}, { total: 1 }));
        }
        return okResponse(
          withdrawalsAnswer(
            [makeAdminWithdrawal(page)],
            {
              currentPage: page,
              totalPages: 2,
              totalRecords: 12,
              hasNextPage: page < 2,
              hasPrevPage: page > 1,
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
    expect(statValue('Total Requests')).toHaveTextContent('12');
    const before = api.calls(LIST).length;

    await user.type(screen.getByRole('searchbox', { name: 'Search withdrawals' }), '0x5290');
    expect(api.calls(LIST)).toHaveLength(before);
    expect(await screen.findByText('Ada Lovelace9', {}, { timeout: 2000 })).toBeInTheDocument();
    const searches = api.calls(LIST).filter((r) => r.url.searchParams.get('search'));
    expect(searches).toHaveLength(1);
    expect(query(searches[0]!)).toMatchObject({ search: '0x5290', page: '1' });
    // The search narrowed the table, not the statistics.
    expect(statValue('Total Requests')).toHaveTextContent('12');

    // An explicit refresh takes the statistics of what is listed.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(statValue('Total Requests')).toHaveTextContent('1'));
    expect(api.calls(LIST).filter((r) => r.url.searchParams.get('search'))).toHaveLength(2);
  });

  it('exports the withdrawals of the current filters', async () => {
    const api = mockApi({
      [LIST]: () => okResponse(withdrawalsAnswer([makeAdminWithdrawal(1)])),
      'GET /api/withdrawals/admin/export': () => csvResponse('withdrawals-2026-11-21.csv'),
    });
    const { user } = renderPage();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Status'), 'REJECTED');
    await user.type(screen.getByRole('searchbox', { name: 'Search withdrawals' }), 'grace');
    await waitFor(
      () => expect(api.calls(LIST).at(-1)!.url.searchParams.get('search')).toBe('grace'),
      {
        timeout: 2000,
      },
    );
    await pressExport(user);
    expect(query(api.calls('GET /api/withdrawals/admin/export')[0]!)).toEqual({
      search: 'grace',
      status: 'REJECTED',
      sort: '-createdAt',
    });
  });

  it('shows the empty text', async () => {
    mockApi({ [LIST]: () => okResponse(withdrawalsAnswer([])) });
    renderPage();
    expect(await screen.findByText('No withdrawals found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Withdrawals pages' })).toBeNull();
  });

  it('shows the errors with Retry, preferring the server text', async () => {
    mockApi({ [LIST]: () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch withdrawals');
    expect(statValue('Total Amount')).toHaveTextContent('—');

    mockApi({ [LIST]: () => failResponse(503, 'LEDGER_BUSY', 'The ledger is being verified') });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The ledger is being verified')).toBeInTheDocument();

    mockApi({ [LIST]: () => okResponse({ unexpected: true }) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('An error occurred while fetching withdrawals'),
    ).toBeInTheDocument();

    mockApi({ [LIST]: () => okResponse(withdrawalsAnswer([makeAdminWithdrawal(1)])) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Lovelace1')).toBeInTheDocument();
  });
});
