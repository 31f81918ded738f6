import type { AuditLogResponse } from '@ctn/contracts/audit';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { AdminAuditLogPage } from './admin-audit-log-page';

const LOG = 'GET /api/admin/audit-log';
const USER_ID = '0b0f3c2e-1111-4222-8333-444455556666';
const WITHDRAWAL_ID = '9a9a9a9a-1111-4222-8333-444455556666';
const CYCLE_ID = '7c7c7c7c-1111-4222-8333-444455556666';

type Entry = AuditLogResponse['entries'][number];

function entry(n: number, overrides: Partial<Entry> = {}): Entry {
  return {
    _id: `e${n}`,
    actor: { _id: 'admin-1', email: 'admin@example.com' },
    action: 'USER_STATUS_CHANGED',
    target: { type: 'user', id: USER_ID },
    before: { status: 'ACTIVE', email: 'm@example.com' },
    after: { status: 'LOCKED', email: 'm@example.com' },
    ip: '203.0.113.7',
    createdAt: '2026-11-21T10:15:00.000Z',
    ...overrides,
  };
}

function answer(entries: Entry[], pagination: Partial<AuditLogResponse['pagination']> = {}) {
  return okResponse({
    entries,
    pagination: {
      currentPage: 1,
      totalPages: entries.length > 0 ? 1 : 0,
      totalRecords: entries.length,
      limit: 10,
      hasNext: false,
      hasPrev: false,
      ...pagination,
    },
  } satisfies AuditLogResponse);
}

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/audit-log', element: <AdminAuditLogPage /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
      { path: '/admin/withdrawals/:id', element: <Stub name="Withdrawal review" /> },
      { path: '/admin/cycles/:id', element: <Stub name="Cycle detail" /> },
    ],
    { at: '/admin/audit-log' },
  );
}

const paramsOf = (url: URL) => Object.fromEntries(url.searchParams);

describe('admin audit log page', () => {
  it('lists the entries with who, what, target links and address', async () => {
    const api = mockApi({
      [LOG]: () =>
        answer([
          entry(1),
          entry(2, {
            action: 'WITHDRAWAL_REVIEWED',
            target: { type: 'withdrawal', id: WITHDRAWAL_ID },
          }),
          entry(3, {
            action: 'REWARD_CYCLE_RUN',
            target: { type: 'reward_cycle', id: CYCLE_ID },
            ip: null,
          }),
          entry(4, { action: 'ADMIN_SIGN_IN', target: { type: null, id: null } }),
        ]),
    });
    const { user, router } = renderPage();
    const table = await screen.findByRole('table');
    expect(paramsOf(api.calls(LOG)[0]!.url)).toEqual({ page: '1', limit: '10' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Nov 21, 2026');
    expect(rows[0]).toHaveTextContent('admin@example.com');
    expect(rows[0]).toHaveTextContent('User status changed');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('Withdrawal reviewed');
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute(
      'href',
      `/admin/withdrawals/${WITHDRAWAL_ID}`,
    );
    expect(within(rows[2]!).getByRole('link')).toHaveAttribute('href', `/admin/cycles/${CYCLE_ID}`);
    expect(rows[2]).toHaveTextContent('Reward cycle');
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('link'));
    expect(router.state.location.pathname).toBe(`/admin/users/${USER_ID}`);
  });

  it('sends the filters: actor debounced, action, and the days as ISO datetimes', async () => {
    const api = mockApi({ [LOG]: () => answer([entry(1)]) });
    const { user } = renderPage();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'DATA_EXPORTED');
    await waitFor(() =>
      expect(paramsOf(api.calls(LOG).at(-1)!.url)).toEqual({
        page: '1',
        limit: '10',
        action: 'DATA_EXPORTED',
      }),
    );
    expect(screen.getByRole('option', { name: 'All actions' })).toBeInTheDocument();

    const before = api.calls(LOG).length;
    await user.type(
      screen.getByRole('searchbox', { name: 'Filter by administrator email' }),
      'ops',
    );
    expect(api.calls(LOG)).toHaveLength(before);
    await waitFor(() => expect(api.calls(LOG).at(-1)!.url.searchParams.get('actor')).toBe('ops'), {
      timeout: 2000,
    });
    expect(api.calls(LOG).filter((r) => r.url.searchParams.has('actor'))).toHaveLength(1);

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await waitFor(() => expect(api.calls(LOG).at(-1)!.url.searchParams.get('to')).not.toBeNull());
    expect(paramsOf(api.calls(LOG).at(-1)!.url)).toEqual({
      page: '1',
      limit: '10',
      action: 'DATA_EXPORTED',
      actor: 'ops',
      from: new Date('2026-11-01T00:00:00.000').toISOString(),
      to: new Date('2026-11-21T23:59:59.999').toISOString(),
    });
  });

  it('shows before and after side by side in the details dialog, changes highlighted', async () => {
    mockApi({ [LOG]: () => answer([entry(1)]) });
    const { user } = renderPage();
    await user.click(
      await screen.findByRole('button', { name: /^Details of User status changed/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Audit Entry Details' });
    const before = within(dialog).getByRole('region', { name: 'Before' });
    const after = within(dialog).getByRole('region', { name: 'After' });
    expect(before).toHaveTextContent('"status": "ACTIVE"');
    expect(after).toHaveTextContent('"status": "LOCKED"');
    const changed = [...dialog.querySelectorAll('[data-changed="true"]')].map((e) => e.textContent);
    expect(changed).toEqual(['  "status": "ACTIVE",', '  "status": "LOCKED",']);
    expect(dialog).toHaveTextContent('Changed: status');
    // Long values scroll: the keyboard reaches each side.
    const reached = new Set<Element | null>();
    for (let i = 0; i < 4; i += 1) {
      reached.add(document.activeElement);
      await user.tab();
    }
    expect(reached).toContain(before.querySelector('pre'));
    expect(reached).toContain(after.querySelector('pre'));
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows None for a missing side', async () => {
    mockApi({
      [LOG]: () =>
        answer([
          entry(1, {
            action: 'DATA_EXPORTED',
            target: { type: null, id: null },
            before: null,
            after: { list: 'users', filters: { sort: '-createdAt' }, rows: 3 },
          }),
        ]),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Details of Data exported/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit Entry Details' });
    expect(within(dialog).getByRole('region', { name: 'Before' })).toHaveTextContent('None');
    expect(within(dialog).getByRole('region', { name: 'After' })).toHaveTextContent('"rows": 3');
  });

  it('shows the empty state', async () => {
    mockApi({ [LOG]: () => answer([]) });
    renderPage();
    expect(await screen.findByText('No audit entries found')).toBeInTheDocument();
  });

  it('shows the error with Retry', async () => {
    mockApi({ [LOG]: () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to fetch the audit log')).toBeInTheDocument();
    mockApi({ [LOG]: () => answer([entry(1)]) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('pages through the entries', async () => {
    const api = mockApi({
      [LOG]: (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return answer([entry(page)], {
          currentPage: page,
          totalPages: 2,
          totalRecords: 11,
          hasNext: page < 2,
          hasPrev: page > 1,
        });
      },
    });
    const { user } = renderPage();
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(api.calls(LOG).at(-1)!.url.searchParams.get('page')).toBe('2');
  });
});
