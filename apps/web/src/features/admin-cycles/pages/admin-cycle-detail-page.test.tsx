import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { CYCLE_ID, makeCompleted, makeDraft } from '../testing-fixtures';
import { AdminCycleDetailPage } from './admin-cycle-detail-page';

const DETAIL = `GET /api/rewards/admin/cycles/${CYCLE_ID}`;
const RUN = `POST /api/rewards/admin/cycles/${CYCLE_ID}/run`;
const DISCARD = `DELETE /api/rewards/admin/cycles/${CYCLE_ID}`;

function renderPage(at = `/admin/cycles/${CYCLE_ID}`) {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/cycles', element: <Stub name="Cycles" /> },
      { path: '/admin/cycles/:id', element: <AdminCycleDetailPage /> },
      { path: '/admin/rewards', element: <Stub name="Rewards" /> },
    ],
    { at },
  );
}

describe('admin cycle detail page', () => {
  it('says Invalid cycle ID for an unusable id and makes no call', async () => {
    const api = mockApi({});
    renderPage('/admin/cycles/42');
    expect(await screen.findByText('Invalid cycle ID')).toBeInTheDocument();
    // Only the session's own profile check goes out: nothing asks for the unusable id.
    expect(api.requests.filter((r) => r.path !== '/api/users/profile')).toEqual([]);
  });

  it('shows a past cycle with its statement and links to its rewards', async () => {
    mockApi({ [DETAIL]: () => okResponse(makeCompleted()) });
    const { user, router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Cycle #8' })).toBeInTheDocument();
    expect(screen.getByText('Period').nextSibling).toHaveTextContent('Mar 1, 2025 – Mar 7, 2025');
    expect(screen.getByText('Total paid').nextSibling).toHaveTextContent('$13.00');
    expect(screen.getByRole('region', { name: 'Totals by level' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run cycle' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'View rewards' }));
    expect(router.state.location.pathname).toBe('/admin/rewards');
    expect(router.state.location.search).toBe('?cycle=8');
  });

  it('shows the error of a failed run and runs it again after the confirmation', async () => {
    const api = mockApi({
      [DETAIL]: () =>
        okResponse(makeDraft({ status: 'FAILED', number: 8, error: 'Database connection lost' })),
      [RUN]: () => okResponse(makeCompleted()),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Database connection lost')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run this cycle again?' });
    expect(dialog).toHaveTextContent('are not credited twice');
    await user.click(within(dialog).getByRole('button', { name: 'Run again' }));
    expect(await screen.findByRole('region', { name: 'Totals by level' })).toBeInTheDocument();
    expect(api.calls(RUN)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refused run in the confirmation', async () => {
    mockApi({
      [DETAIL]: () => okResponse(makeDraft()),
      [RUN]: () => failResponse(409, 'CYCLE_ALREADY_RUNNING', 'Another cycle is running'),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run cycle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run this cycle?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run cycle' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Another cycle is running');
  });

  it('discards a draft and goes back to the cycles', async () => {
    const api = mockApi({
      [DETAIL]: () => okResponse(makeDraft()),
      [DISCARD]: () => okResponse(null),
    });
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/cycles'));
    expect(api.calls(DISCARD)).toHaveLength(1);
  });

  it('shows a failed load with Retry', async () => {
    mockApi({ [DETAIL]: () => failResponse(404, 'NOT_FOUND') });
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The requested resource was not found.',
    );
    mockApi({ [DETAIL]: () => okResponse(makeCompleted()) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Cycle #8' })).toBeInTheDocument();
  });
});
