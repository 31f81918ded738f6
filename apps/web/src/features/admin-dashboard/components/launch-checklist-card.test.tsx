import type { LaunchChecklist } from '@ctn/contracts/launch-checklist';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { LaunchChecklistCard } from './launch-checklist-card';

const render = () => {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/dashboard', element: <LaunchChecklistCard /> }], {
    at: '/admin/dashboard',
  });
};

const FIRST: LaunchChecklist = {
  checkedAt: '2026-11-28T10:00:00.000Z',
  results: [
    {
      check: 'database',
      state: 'ok',
      variable: 'DATABASE_URL',
      found: 'PostgreSQL answers in 1.2 ms; 29 migrations applied, none pending',
    },
    {
      check: 'chain eth_getLogs',
      state: 'fail',
      variable: 'CHAIN_LOG_RANGE',
      found: 'rpc.example refuses 500 blocks in one eth_getLogs; 100 blocks were',
    },
    {
      check: 'trusted proxies',
      state: 'warn',
      variable: 'TRUST_PROXY',
      found: 'left at its default (loopback)',
    },
  ],
};
const SECOND: LaunchChecklist = {
  checkedAt: '2026-11-28T10:05:00.000Z',
  results: [{ ...FIRST.results[0]!, check: 'database' }],
};

describe('the launch checklist card', () => {
  it('shows each line with its state, its variable and what was found, and checks again', async () => {
    const api = mockApi({
      'GET /api/admin/launch-checklist': (request) =>
        okResponse(request.url.searchParams.get('fresh') === 'true' ? SECOND : FIRST),
    });
    const { user } = render();
    const list = await screen.findByRole('list', { name: 'Launch checks' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'OKDATABASE_URL · databasePostgreSQL answers in 1.2 ms; 29 migrations applied, none pending',
      'FailedCHAIN_LOG_RANGE · chain eth_getLogsrpc.example refuses 500 blocks in one eth_getLogs; 100 blocks were',
      'WarningTRUST_PROXY · trusted proxiesleft at its default (loopback)',
    ]);
    expect(screen.getByText('1 failed')).toBeInTheDocument();
    expect(screen.getByText(/^Checked .*2026/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('All passed')).toBeInTheDocument();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
    // One fresh run asked for; the plain reads show the kept results.
    expect(
      api
        .calls('GET /api/admin/launch-checklist')
        .filter((r) => r.url.searchParams.get('fresh') === 'true'),
    ).toHaveLength(1);
  });

  it('says the checks are running, then that they failed, and keeps older results when checking again fails', async () => {
    const first = deferred<Response>();
    let fresh = 0;
    mockApi({
      'GET /api/admin/launch-checklist': (request) => {
        if (request.url.searchParams.get('fresh') !== 'true') return first.promise;
        fresh += 1;
        return failResponse(500, 'INTERNAL_ERROR', 'Internal server error');
      },
    });
    const { user } = render();
    expect(await screen.findByRole('status')).toHaveTextContent('Running the launch checks...');
    first.resolve(failResponse(500, 'INTERNAL_ERROR', 'Internal server error'));
    expect(await screen.findByText('Failed to run the launch checks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByText('The checks could not be run again. The results below are older.'),
    ).toBeInTheDocument();
    expect(fresh).toBe(1);
  });
});
