import type {
  ChainRescan,
  ReconciliationOverview,
  ReconciliationReport,
} from '@ctn/contracts/reconciliation';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { AdminReconciliationPage } from './admin-reconciliation-page';

const OVERVIEW = 'GET /api/admin/reconciliation';
const RUN = 'POST /api/admin/reconciliation/run';
const RESCANS = 'GET /api/admin/chain/rescans';
const RESCAN = 'POST /api/admin/chain/rescans';
const HASH = `0x${'ab'.repeat(32)}`;

function report(overrides: Partial<ReconciliationReport> = {}): ReconciliationReport {
  return {
    _id: 'r1',
    ranAt: '2026-11-24T10:00:00.000Z',
    clean: true,
    differences: [],
    chain: {
      checked: true,
      note: 'Blocks 1-900.',
      fromBlock: 1,
      toBlock: 900,
      transfers: 4,
      credited: 4,
    },
    ledger: {
      checked: true,
      note: 'Every balance.',
      entries: 12,
      balances: 3,
      liabilities: 42.5,
      pendingWithdrawals: 12.5,
    },
    hotWallet: { checked: true, note: 'No hot wallet.', address: null, balance: null, inFlight: 0 },
    sweeps: { checked: true, note: 'Blocks 1-900.', destinations: [], transfers: [], total: 0 },
    ...overrides,
  };
}

const overview = (latest: ReconciliationReport | null): ReconciliationOverview => ({
  latest,
  explorerUrl: 'https://bscscan.com',
  history: latest
    ? [
        {
          _id: latest._id,
          ranAt: latest.ranAt,
          clean: latest.clean,
          differences: latest.differences.length,
        },
      ]
    : [],
});

const rescan = (overrides: Partial<ChainRescan> = {}): ChainRescan => ({
  _id: 's1',
  fromBlock: 100,
  toBlock: 299,
  nextBlock: 200,
  status: 'RUNNING',
  credited: 1,
  error: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/reconciliation', element: <AdminReconciliationPage /> }], {
    at: '/admin/reconciliation',
  });
}

describe('admin reconciliation page', () => {
  it('says there is no report yet, and lists no rescans', async () => {
    mockApi({ [OVERVIEW]: () => okResponse(overview(null)), [RESCANS]: () => okResponse([]) });
    renderPage();
    expect(await screen.findByText(/No report yet/)).toBeVisible();
    expect(await screen.findByText('No rescans yet.')).toBeVisible();
  });

  it('shows a difference with its member, amount and transaction link', async () => {
    mockApi({
      [OVERVIEW]: () =>
        okResponse(
          overview(
            report({
              clean: false,
              differences: [
                {
                  kind: 'TRANSFER_NOT_CREDITED',
                  detail: '10.00 USDT to 0x… is not credited.',
                  transactionHash: HASH,
                  userId: 'CT1000007',
                  amount: 10,
                },
              ],
            }),
          ),
        ),
      [RESCANS]: () => okResponse([]),
    });
    renderPage();
    const table = within(await screen.findByRole('region', { name: 'Differences' })).getByRole(
      'table',
    );
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Payment not credited');
    expect(row).toHaveTextContent('CT1000007');
    expect(row).toHaveTextContent('$10.00');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `https://bscscan.com/tx/${HASH}`);
    expect(screen.getAllByText('1 difference')[0]).toBeVisible();
    expect(screen.getByText('$42.50')).toBeVisible();
  });

  it('lists the sweeps of deposit addresses, and says when there were none', async () => {
    const sweeps = {
      checked: true,
      note: 'Blocks 1-900: transfers out of 2 funded deposit addresses.',
      destinations: [`0x${'cd'.repeat(20)}`],
      transfers: [
        {
          transactionHash: HASH,
          blockNumber: 800,
          from: `0x${'12'.repeat(20)}`,
          userId: 'CT1000007',
          to: `0x${'cd'.repeat(20)}`,
          amount: 125.5,
        },
      ],
      total: 125.5,
    };
    mockApi({
      [OVERVIEW]: () => okResponse(overview(report({ sweeps }))),
      [RESCANS]: () => okResponse([]),
    });
    const { unmount } = renderPage();
    const table = within(await screen.findByRole('region', { name: 'Sweeps' })).getByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('CT1000007');
    expect(row).toHaveTextContent('$125.50');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `https://bscscan.com/tx/${HASH}`);
    expect(screen.getByText('1 address')).toBeVisible();
    unmount();

    mockApi({
      [OVERVIEW]: () =>
        okResponse(overview(report({ sweeps: { ...sweeps, transfers: [], total: 0 } }))),
      [RESCANS]: () => okResponse([]),
    });
    renderPage();
    expect(await screen.findByText('No sweeps in these blocks')).toBeVisible();
  });

  it('marks a part that could not be read, never as clean', async () => {
    mockApi({
      [OVERVIEW]: () =>
        okResponse(
          overview(
            report({
              clean: false,
              chain: {
                checked: false,
                note: 'The chain could not be read.',
                fromBlock: null,
                toBlock: null,
                transfers: 0,
                credited: 0,
              },
            }),
          ),
        ),
      [RESCANS]: () => okResponse([]),
    });
    renderPage();
    expect(await screen.findByText('The chain could not be read.')).toBeVisible();
    expect(screen.getByText('Not checked')).toBeVisible();
    expect(screen.getAllByText('Incomplete')[0]).toBeVisible();
    expect(screen.queryByText('Clean')).toBeNull();
  });

  it('runs the reconciliation on demand', async () => {
    let latest: ReconciliationReport | null = null;
    const api = mockApi({
      [OVERVIEW]: () => okResponse(overview(latest)),
      [RUN]: () => {
        latest = report();
        return okResponse(latest);
      },
      [RESCANS]: () => okResponse([]),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Latest report')).toBeVisible();
    expect(api.calls(RUN)).toHaveLength(1);
    expect(screen.getAllByText('Clean')[0]).toBeVisible();
  });

  it('shows a load failure with Retry', async () => {
    mockApi({
      [OVERVIEW]: () => failResponse(500, 'INTERNAL_ERROR', 'x'),
      [RESCANS]: () => okResponse([]),
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('starts a rescan from a block, refusing what is not a block number without a call', async () => {
    const api = mockApi({
      [OVERVIEW]: () => okResponse(overview(null)),
      [RESCANS]: () => okResponse(api.calls(RESCAN).length > 0 ? [rescan()] : []),
      [RESCAN]: () => okResponse(rescan()),
    });
    const { user } = renderPage();
    const input = await screen.findByLabelText('From block');
    await user.type(input, '12x');
    await user.click(screen.getByRole('button', { name: 'Rescan' }));
    expect(await screen.findByText('Enter a block number of 0 or more')).toBeVisible();
    expect(api.calls(RESCAN)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '100');
    await user.click(screen.getByRole('button', { name: 'Rescan' }));
    expect(await screen.findByText('Blocks 100 to 299')).toBeVisible();
    expect(api.calls(RESCAN)[0]!.body).toEqual({ fromBlock: 100 });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/1 payment credited/)).toBeVisible();
  });
});
