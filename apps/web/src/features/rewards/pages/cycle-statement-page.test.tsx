import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { CycleStatementPage } from './cycle-statement-page';

const STATEMENT = {
  number: 7,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-07',
  source: 'CSV',
  completedAt: '2026-11-08T10:00:00.000Z',
  percents: [3, 2, 1],
  levels: [
    { level: 1, lines: 2, base: 150, amount: 4.5, available: 4.5, locked: 0, held: 0 },
    { level: 3, lines: 1, base: 100, amount: 1, available: 0, locked: 1, held: 0 },
  ],
  total: 5.5,
  available: 4.5,
  locked: 1,
  held: 0,
};

function renderStatement(routes: Parameters<typeof mockApi>[0], at = '/rewards/cycles/7') {
  localStorage.setItem('token', 'tok');
  mockApi(routes);
  return renderRoutes(
    [
      { path: '/rewards/cycles/:number', element: <CycleStatementPage /> },
      { path: '/rewards', element: <Stub name="Rewards stub" /> },
    ],
    { at },
  );
}

describe('cycle statement', () => {
  it('shows period, source, totals, the held part and the lines by level with their percent', async () => {
    renderStatement({ 'GET /api/rewards/user/cycles/7': () => okResponse(STATEMENT) });
    expect(screen.getByRole('heading', { level: 1, name: 'Reward cycle #7' })).toBeVisible();
    const table = within(
      await screen.findByRole('region', { name: 'Your lines by level' }),
    ).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '13%2150.004.504.500.000.00',
      '31%1100.001.000.001.000.00',
    ]);
    expect(screen.getByText('BingX commissions, uploaded by an administrator')).toBeInTheDocument();
    expect(screen.getByText(/1.00 USDT was held because your earnings were locked/)).toBeVisible();
    expect(screen.getByText('Your total').nextSibling).toHaveTextContent('5.50 USDT');
  });

  it('says when a statement cannot be loaded, with Retry', async () => {
    renderStatement({ 'GET /api/rewards/user/cycles/7': () => failResponse(404, 'NOT_FOUND') });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
