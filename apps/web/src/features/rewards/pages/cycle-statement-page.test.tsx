import { MERKLE_VECTOR_CLAIM, MERKLE_VECTORS } from '@ctn/contracts/merkle-sum.vectors';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes, Stub } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { viewportWidth } from '@/testing/viewport';
import { CycleStatementPage } from './cycle-statement-page';

const STATEMENT = {
  number: 7,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-07',
  source: 'CSV',
  completedAt: '2026-11-08T10:00:00.000Z',
  percents: [3, 2, 1],
  levels: [
    {
      level: 1,
      lines: 2,
      base: 150.123456,
      amount: 4.503703,
      available: 4.503703,
      locked: 0,
      held: 0,
    },
    { level: 3, lines: 1, base: 100, amount: 1, available: 0, locked: 1, held: 0 },
  ],
  total: 5.503703,
  available: 4.503703,
  locked: 1,
  held: 0,
};

function renderStatement(routes: Parameters<typeof mockApi>[0], at = '/rewards/cycles/7') {
  localStorage.setItem('token', 'tok');
  mockApi({
    'GET /api/users/profile': () => okResponse(makeUser({ userId: MERKLE_VECTOR_CLAIM.userId })),
    'GET /api/proof/cycles/7': () => okResponse(null),
    'GET /api/users/proof/cycles/7': () => okResponse(null),
    ...routes,
  });
  return renderRoutes(
    [
      {
        element: <SignedIn />,
        children: [
          { path: '/rewards/cycles/:number', element: <CycleStatementPage /> },
          { path: '/rewards', element: <Stub name="Rewards stub" /> },
        ],
      },
    ],
    { at },
  );
}

describe('cycle statement', () => {
  it('shows period, source, totals, the held part and the lines by level with their percent', async () => {
    renderStatement({ 'GET /api/rewards/user/cycles/7': () => okResponse(STATEMENT) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reward cycle #7' })).toBeVisible();
    const table = within(
      await screen.findByRole('region', { name: 'Your lines by level' }),
    ).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '13%2150.1234564.5037034.5037030.000.00',
      '31%1100.001.000.001.000.00',
    ]);
    expect(screen.getByText('BingX commissions, uploaded by an administrator')).toBeInTheDocument();
    expect(screen.getByText(/1.00 USDT was held because your earnings were locked/)).toBeVisible();
    // A statement adds up to the micro-USDT: 4.503703 + 1.00, never a rounded 4.50 or 4.51.
    expect(screen.getByText('Your total').nextSibling).toHaveTextContent('5.503703 USDT');
  });

  it('on a phone, shows each level as a card with Amount, Available and Locked in sight', async () => {
    viewportWidth(375);
    renderStatement({ 'GET /api/rewards/user/cycles/7': () => okResponse(STATEMENT) });
    const list = await screen.findByRole('list', { name: 'Your lines by level' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Level 14.503703 USDTPercent3%Lines2Base150.123456Available4.503703Locked0.00Held0.00',
      'Level 31.00 USDTPercent1%Lines1Base100.00Available0.00Locked1.00Held0.00',
    ]);
  });

  it('says when a statement cannot be loaded, with Retry', async () => {
    renderStatement({ 'GET /api/rewards/user/cycles/7': () => failResponse(404, 'NOT_FOUND') });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("carries the member's line in the cycle's published root, verified in the browser", async () => {
    const { userId: _userId, ...claim } = MERKLE_VECTOR_CLAIM;
    renderStatement({
      'GET /api/rewards/user/cycles/7': () => okResponse(STATEMENT),
      'GET /api/proof/cycles/7': () =>
        okResponse({
          root: MERKLE_VECTORS.root,
          totalMicroUsdt: MERKLE_VECTORS.totalMicro,
          leafCount: 3,
          builtAt: '2026-11-08T10:01:00.000Z',
        }),
      'GET /api/users/proof/cycles/7': () =>
        okResponse({ ...claim, builtAt: '2026-11-08T10:01:00.000Z' }),
    });
    expect(
      await screen.findByRole('heading', { name: "Your line in this cycle's root" }),
    ).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Verified: your credit of 0.00025 USDT is included in root 0ec985eb34cc…',
      ),
    ).toBeVisible();
  });
});
