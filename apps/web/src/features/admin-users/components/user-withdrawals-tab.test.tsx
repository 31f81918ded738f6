import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, Stub } from '@/testing/render';
import { makeDetail } from '../testing-fixtures';
import { makeAdminWithdrawal, TX_HASH } from '@/testing/admin-withdrawal-fixtures';
import { UserWithdrawalsTab } from './user-withdrawals-tab';

function renderTab(data: Record<string, unknown>[]) {
  const base = makeDetail().withdrawals;
  const withdrawals = {
    ...base,
    data,
    statistics: {
      ...base.statistics,
      total: 3,
      totalRequestedAmount: 100,
      totalApprovedAmount: 60,
      totalPendingAmount: 15,
    },
  };
  const onPage = vi.fn();
  const onStatus = vi.fn();
  const rendered = renderRoutes(
    [
      {
        path: '/admin/users/:id',
        element: (
          <UserWithdrawalsTab
            withdrawals={withdrawals}
            onPage={onPage}
            status=""
            onStatus={onStatus}
          />
        ),
      },
      { path: '/admin/withdrawals/:id', element: <Stub name="Withdrawal review" /> },
    ],
    { at: '/admin/users/u1' },
  );
  return { ...rendered, onStatus };
}

describe('user withdrawals tab', () => {
  it('shows the admin withdrawals: wallet 10 + 6, reason in red, each linking to its review', async () => {
    const { user, router, onStatus } = renderTab([
      makeAdminWithdrawal(1),
      makeAdminWithdrawal(2, {
        status: 'REJECTED',
        reason: 'Wrong network',
        processedAt: '2025-03-05T10:00:00.000Z',
      }),
      makeAdminWithdrawal(3, { status: 'APPROVED', transactionHash: TX_HASH }),
    ]);
    const stats = screen.getByRole('region', { name: 'Withdrawal statistics' });
    expect(within(stats).getByText('Total Requested').nextSibling).toHaveTextContent('$100.00');
    expect(within(stats).getByText('Pending').nextSibling).toHaveTextContent('$15.00');

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Amount', 'Asset', 'Wallet', 'Status', 'Requested', 'Processed', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('$25.50');
    expect(first).toHaveTextContent('USDT');
    expect(within(first!).getByText('0x52908400...169EE7')).toBeInTheDocument();
    expect(first).toHaveTextContent('Mar 2, 2025');
    expect(within(second!).getByText('REJECTED')).toHaveAttribute('data-status', 'REJECTED');
    expect(within(second!).getByText('Wrong network')).toHaveClass('text-danger');
    expect(second).toHaveTextContent('Mar 5, 2025');

    // The filter is the server's: the tab hands the status up and shows what it is given.
    await user.selectOptions(screen.getByLabelText('Status'), 'APPROVED');
    expect(onStatus).toHaveBeenCalledWith('APPROVED');
    expect(screen.getByText('Showing 3 of 3 withdrawals')).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: /^Review the withdrawal/ })[2]!);
    expect(router.state.location.pathname).toBe(`/admin/withdrawals/${makeAdminWithdrawal(3)._id}`);
  });

  it('counts a record that is not a withdrawal instead of guessing it', () => {
    renderTab([makeAdminWithdrawal(1), { _id: 'x', amount: 'lots' }]);
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 withdrawal could not be read and is not shown.',
    );
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('shows the empty text', () => {
    renderTab([]);
    expect(screen.getByText('No withdrawals found')).toBeInTheDocument();
  });
});
