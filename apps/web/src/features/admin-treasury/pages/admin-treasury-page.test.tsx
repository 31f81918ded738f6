import type { TreasuryOverview } from '@ctn/contracts/treasury';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { AdminTreasuryPage } from './admin-treasury-page';

const TREASURY = 'GET /api/admin/treasury';
const AT = '2026-11-28T10:00:00.000Z';

function overview(overrides: Partial<TreasuryOverview> = {}): TreasuryOverview {
  return {
    holdings: {
      depositAddresses: {
        usdt: '1234567.000123',
        asOf: AT,
        stale: false,
        addresses: 100_000,
        unread: 0,
      },
      hotWallet: {
        address: '0x00000000000000000000000000000000000000a0',
        usdt: '50',
        bnb: '0.25',
        asOf: AT,
        stale: true,
      },
      treasuryAddresses: [],
      total: { usdt: '1234617.000123', asOf: AT, stale: true },
    },
    liabilities: {
      available: '1000000',
      locked: '200000',
      pending: '10',
      approvedUnsent: '60',
      total: '1200070',
    },
    coverage: '1.0287',
    lastScan: {
      startedAt: AT,
      finishedAt: AT,
      method: 'multicall',
      addresses: 100_000,
      read: 100_000,
      error: null,
    },
    snapshots: [
      { day: '2026-11-27', holdings: '900', liabilities: '1000', coverage: '0.9000', stale: false },
      {
        day: '2026-11-28',
        holdings: '1100',
        liabilities: '1000',
        coverage: '1.1000',
        stale: false,
      },
    ],
    explorerUrl: 'https://bscscan.com',
    ...overrides,
  };
}

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/treasury', element: <AdminTreasuryPage /> }], {
    at: '/admin/treasury',
  });
}

describe('admin treasury page', () => {
  it('shows holdings by place with exact figures and stale marks, liabilities and coverage', async () => {
    mockApi({ [TREASURY]: () => okResponse(overview()) });
    renderPage();
    expect(await screen.findByTestId('coverage')).toHaveTextContent('102.87%');
    const holdings = screen.getByRole('list', { name: 'Holdings by place' });
    expect(holdings).toHaveTextContent('1,234,567.000123 USDT');
    expect(holdings).toHaveTextContent('Gas: 0.25 BNB');
    expect(within(holdings).getAllByText('Stale')).toHaveLength(2);
    const liabilities = screen.getByLabelText('Liabilities by bucket');
    expect(liabilities).toHaveTextContent('Approved, not yet sent60.00 USDT');
    expect(liabilities).toHaveTextContent('Total owed1,200,070.00 USDT');
    expect(screen.getByRole('img', { name: /Coverage of each daily snapshot/ })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Daily snapshots' })).toHaveTextContent('90.00%');
  });

  it('says coverage is unknown, never 0%, while a holding was never read', async () => {
    const unread = overview();
    mockApi({
      [TREASURY]: () =>
        okResponse({
          ...unread,
          holdings: {
            ...unread.holdings,
            depositAddresses: { ...unread.holdings.depositAddresses, usdt: null, asOf: null },
            total: { usdt: null, asOf: null, stale: true },
          },
          coverage: null,
          lastScan: null,
          snapshots: [],
        }),
    });
    renderPage();
    expect(await screen.findByTestId('coverage')).toHaveTextContent('—');
    expect(screen.getByText(/coverage is unknown/)).toBeVisible();
    expect(screen.getByText(/No scan yet/)).toBeVisible();
    expect(screen.getByText(/No snapshot yet/)).toBeVisible();
    expect(screen.getAllByText('Never read')).toHaveLength(2);
  });

  it('offers a retry when the treasury cannot be loaded', async () => {
    mockApi({ [TREASURY]: () => failResponse(500, 'INTERNAL_SERVER_ERROR') });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
