import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { ProofPage } from './proof-page';

const ROOT = 'ab'.repeat(32);
const LATEST = {
  root: ROOT,
  totalMicroUsdt: '1500250',
  leafCount: 3,
  builtAt: '2026-11-28T00:10:00.000Z',
};
const render = () => renderRoutes([{ path: '/proof', element: <ProofPage /> }], { at: '/proof' });
const history = {
  builds: [LATEST],
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalRecords: 1,
    limit: 10,
    hasNext: false,
    hasPrev: false,
  },
};

describe('/proof', () => {
  it('shows the newest root, total and count, the history, and that holdings are not out yet', async () => {
    mockApi({
      'GET /api/proof/latest': () => okResponse({ ...LATEST, holdings: null }),
      'GET /api/proof/history': () => okResponse(history),
    });
    render();
    expect(await screen.findByText('Holdings not published yet')).toBeVisible();
    expect(screen.getByText('Total owed', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1.50025 USDT',
    );
    expect(
      await screen.findByRole('region', { name: 'Published roots, newest first' }),
    ).toBeVisible();
    expect(screen.getAllByText(ROOT)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'How to verify your balance' })).toBeVisible();
  });

  it('shows the holdings beside the total, marked when stale', async () => {
    mockApi({
      'GET /api/proof/latest': () =>
        okResponse({
          ...LATEST,
          holdings: { usdt: '1.6', asOf: '2026-11-28T00:05:00.000Z', stale: true },
        }),
      'GET /api/proof/history': () => okResponse(history),
    });
    render();
    expect(await screen.findByText('1.60 USDT')).toBeVisible();
    expect(screen.getByText('(stale: the last reading failed)')).toBeVisible();
  });

  it('says when nothing is published yet, instead of showing zeros', async () => {
    mockApi({});
    render();
    expect(await screen.findByText('No proof has been published yet')).toBeVisible();
    expect(screen.queryByText('0.00 USDT')).toBeNull();
  });
});
