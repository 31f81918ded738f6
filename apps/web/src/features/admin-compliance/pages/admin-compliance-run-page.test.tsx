import type { ComplianceDecisions } from '@ctn/contracts/compliance';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeShadowRun } from '@/testing/compliance-fixtures';
import { renderRoutes, Stub } from '@/testing/render';
import { AdminComplianceRunPage } from './admin-compliance-run-page';

const GET = 'GET /api/admin/compliance/runs/12/decisions';

function renderPage(at = '/admin/compliance/runs/12') {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/compliance/runs/:id', element: <AdminComplianceRunPage /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
    ],
    { at },
  );
}

const evidence = {
  bingxUid: '70000001',
  balanceUsdt: '20.5',
  copying: null,
  unknownReason: null,
  paidUntil: '2026-12-30T00:00:00.000Z',
  lockedSince: '2026-10-28T00:00:00.000Z',
  concernSince: null,
};

const page = (overrides: Partial<ComplianceDecisions> = {}): ComplianceDecisions => ({
  run: makeShadowRun(),
  decisions: [
    {
      member: { id: 'u-1', name: 'Ada Lovelace', email: 'ada@example.com' },
      action: 'FORFEIT',
      reasons: ['LOW_BALANCE'],
      mailDay: null,
      amount: 12.5,
      evidence,
    },
  ],
  pagination: {
    currentPage: 1,
    totalPages: 2,
    totalRecords: 11,
    limit: 10,
    hasNext: true,
    hasPrev: false,
  },
  ...overrides,
});

describe('shadow compliance run page', () => {
  it('lists each decision with its reasons and the exchange figures seen; a member links', async () => {
    const api = mockApi({ [GET]: () => okResponse(page()) });
    const { user } = renderPage();
    const table = await screen.findByRole('region', { name: 'Decisions' });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Would forfeit');
    expect(row).toHaveTextContent('12.50 USDT');
    expect(row).toHaveTextContent('20.5 USDT');
    // Unknown stays unknown, never "no volume".
    expect(within(row!).getByText('Copy trading').nextSibling).toHaveTextContent('unknown');
    expect(screen.getByText('11 decisions')).toBeInTheDocument();
    expect(api.calls(GET)[0]!.url.searchParams.get('page')).toBe('1');
    await user.click(within(row!).getByRole('link', { name: 'Ada Lovelace' }));
    expect(await screen.findByText('User detail')).toBeInTheDocument();
  });

  it('says so when the run decided nothing', async () => {
    mockApi({ [GET]: () => okResponse(page({ decisions: [] })) });
    renderPage();
    expect(
      await screen.findByText('No member would be locked, reminded, forfeited or released'),
    ).toBeInTheDocument();
  });

  it('shows the refusal when the run is not a shadow run', async () => {
    mockApi({ [GET]: () => failResponse(404, 'NOT_FOUND') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The requested resource was not found.',
    );
  });

  it('refuses an ID that cannot be a run without asking', async () => {
    mockApi({});
    renderPage('/admin/compliance/runs/abc');
    expect(screen.getByText('Invalid run ID')).toBeInTheDocument();
  });
});
