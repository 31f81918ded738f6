import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { AdminExchangePage } from './admin-exchange-page';

const status = {
  simulator: false,
  host: 'open-api.bingx.com',
  commissionApi: 'v2' as const,
  dateFormat: null,
  pausedUntil: '2026-11-25T12:00:00.000Z',
  pauseReason: '100410: unblocked after 1764072000000',
  lastError: '100410: unblocked after 1764072000000',
  requests: 12,
  ratePerSecond: 2,
  pauses: [
    {
      scope: '/openApi/agent/v2/reward/commissionDataList',
      until: '2026-11-25T10:08:00.000Z',
      reason: 'our own error answers reached the limit',
    },
  ],
  errorAnswers: { '/openApi/agent/v2/reward/commissionDataList': 19 },
  copyVolumeFields: ['extCopyTradingVolume'],
};
const probe = (name: string, ok: boolean) => ({
  name,
  path: '/openApi/agent/v2/reward/commissionDataList',
  params: { startTime: '20261124', endTime: '20261124', pageIndex: '1', pageSize: '1' },
  ok,
  httpStatus: 200,
  code: ok ? 0 : 100400,
  message: ok ? '' : 'startTime and endTime must be timestamps in milliseconds',
  latencyMs: 120,
  body: ok ? '{"code":0,"data":{"list":[],"total":0}}' : '{"code":100400}',
});

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/exchange', element: <AdminExchangePage /> }], {
    at: '/admin/exchange',
  });
}

describe('admin exchange page', () => {
  it('shows a paused connection, checks the UID, and lists each call with its raw answer', async () => {
    const api = mockApi({
      'GET /api/admin/exchange/status': () => okResponse(status),
      'POST /api/admin/exchange/diagnostics': () =>
        okResponse({
          checkedAt: '2026-11-25T10:00:00.000Z',
          status,
          probes: [
            probe('Daily commissions v2 with yyyyMMdd days', true),
            probe('Daily commissions v2 with epoch milliseconds', false),
          ],
          workingCommission: [{ api: 'v2', dateFormat: 'day' }],
          summary: 'Working: v2 commissions with yyyyMMdd days.',
          clock: { answered: true, skewMs: -312, tooFar: false, error: null },
          permissions: null,
        }),
      'POST /api/admin/exchange/volume-fields': () =>
        okResponse({
          from: '2026-10-27',
          to: '2026-11-25',
          copyVolumeFields: ['extCopyTradingVolume'],
          fields: ['extCopyTradingVolume', 'swapTradingVolume'],
          members: [
            {
              uid: '88000001',
              email: 'copier@example.com',
              totals: { extCopyTradingVolume: '0', swapTradingVolume: '100' },
              copySum: '0',
              rows: 2,
              error: null,
            },
            {
              uid: '88000002',
              email: 'other@example.com',
              totals: {},
              copySum: null,
              rows: 0,
              error: 'BingX calls paused',
            },
          ],
        }),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Paused')).toBeVisible();
    expect(screen.getByText(/No calls until/)).toHaveTextContent('100410');
    expect(
      within(screen.getByRole('list', { name: 'Paused lanes and endpoints' })).getByText(
        /paused until/,
      ),
    ).toHaveTextContent('our own error answers reached the limit');

    await user.type(screen.getByLabelText('BingX UID (optional)'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Run diagnostics' }));
    expect(screen.getByText('A BingX UID is 1-19 digits')).toBeVisible();
    expect(api.calls('POST /api/admin/exchange/diagnostics')).toHaveLength(0);
    await user.clear(screen.getByLabelText('BingX UID (optional)'));
    await user.type(screen.getByLabelText('BingX UID (optional)'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Run diagnostics' }));

    const result = await screen.findByRole('region', { name: 'Diagnostics result' });
    expect(within(result).getByText('Working: v2 commissions with yyyyMMdd days.')).toBeVisible();
    expect(within(result).getByText('Works')).toBeVisible();
    expect(within(result).getByText('Failed')).toBeVisible();
    expect(api.calls('POST /api/admin/exchange/diagnostics')[0]?.body).toEqual({ uid: '12345678' });
    expect(
      within(result).getByText(/Clock: this server is 312 ms behind BingX's server time\./),
    ).toHaveTextContent("The key's permissions: not exposed.");

    await user.click(screen.getByRole('button', { name: 'Compare volume fields' }));
    const table = await screen.findByRole('region', {
      name: 'Volume fields 2026-10-27 to 2026-11-25',
    });
    expect(within(table).getByText('extCopyTradingVolume *')).toBeVisible();
    expect(within(table).getByText('100')).toBeVisible();
    expect(within(table).getByText('Not read: BingX calls paused')).toBeVisible();
  });
});
