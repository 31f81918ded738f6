import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { Toaster } from '@/components/ui/toast';
import { renderRoutes } from '@/testing/render';
import { AdminRiskPage } from './admin-risk-page';

const LIST = 'GET /api/admin/risk';
const signal = {
  key: 'SHARED_WITHDRAWAL_ADDRESS:0xabc:1234',
  kind: 'SHARED_WITHDRAWAL_ADDRESS' as const,
  members: [
    { _id: 'u1', userId: 'CT1000001', email: 'ada@example.com' },
    { _id: 'u2', userId: 'CT1000002', email: 'bob@example.com' },
  ],
  evidence: '2 members asked to be paid to 0xabc',
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-27T10:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
};

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/risk',
        element: (
          <>
            <AdminRiskPage />
            <Toaster />
          </>
        ),
      },
    ],
    { at: '/admin/risk' },
  );
}

describe('admin risk center page', () => {
  it('shows loading, then the signals with their members linked to the user detail', async () => {
    const answer = deferred<void>();
    mockApi({ [LIST]: () => answer.promise.then(() => okResponse({ signals: [signal] })) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading risk signals' })).toBeInTheDocument();
    answer.resolve();
    const card = await screen.findByRole('region', {
      name: 'Shared withdrawal address: 2 members asked to be paid to 0xabc',
    });
    const ada = within(card).getByRole('link', { name: 'CT1000001, open ada@example.com' });
    expect(ada).toHaveAttribute('href', '/admin/users/u1');
    expect(within(card).getByRole('link', { name: /^CT1000002/ })).toHaveAttribute(
      'href',
      '/admin/users/u2',
    );
  });

  it('shows the empty states of both filters', async () => {
    const api = mockApi({ [LIST]: () => okResponse({ signals: [] }) });
    const { user } = renderPage();
    expect(await screen.findByText('Nothing to review')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'All, reviewed too' }));
    expect(await screen.findByText('No risk signals')).toBeVisible();
    expect(api.calls(LIST).at(-1)?.url.searchParams.get('show')).toBe('all');
  });

  it('shows the error with Retry', async () => {
    mockApi({ [LIST]: () => failResponse(500, null, null) });
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load risk signals')).toBeVisible();
    mockApi({ [LIST]: () => okResponse({ signals: [signal] }) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 members asked to be paid to 0xabc')).toBeVisible();
  });

  it('marks a signal reviewed: it leaves the open list and shows under all', async () => {
    let reviewed = false;
    const api = mockApi({
      [LIST]: (req) =>
        okResponse({
          signals:
            req.url.searchParams.get('show') === 'all'
              ? [
                  {
                    ...signal,
                    reviewedAt: '2026-11-28T09:00:00.000Z',
                    reviewedBy: 'admin@example.com',
                  },
                ]
              : reviewed
                ? []
                : [signal],
        }),
      'POST /api/admin/risk/reviews': () => {
        reviewed = true;
        return okResponse({ ...signal, reviewedAt: '2026-11-28T09:00:00.000Z' });
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByText('Nothing to review')).toBeVisible();
    expect(api.calls('POST /api/admin/risk/reviews')[0]?.body).toEqual({ key: signal.key });
    await user.click(screen.getByRole('button', { name: 'All, reviewed too' }));
    expect(await screen.findByText(/^Reviewed .* by admin@example.com$/)).toBeVisible();
  });

  it('says why a mark was refused', async () => {
    mockApi({
      [LIST]: () => okResponse({ signals: [signal] }),
      'POST /api/admin/risk/reviews': () =>
        failResponse(404, 'RISK_SIGNAL_NOT_FOUND', 'No such risk signal now; reload the page.'),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Mark reviewed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No such risk signal now; reload the page.',
    );
  });
});

describe('admin risk center: a flagged UID link is cleared or rejected', () => {
  const flagged = {
    ...signal,
    key: 'FLAGGED_UID_LINK:u1:12345678',
    kind: 'FLAGGED_UID_LINK' as const,
    members: [signal.members[0]!],
    evidence: 'UID 12345678: UID_OLDER_THAN_MEMBER',
  };
  const review = {
    userId: 'u1',
    uid: '12345678',
    status: 'FLAGGED' as const,
    reasons: ['UID_OLDER_THAN_MEMBER'],
    invitationCode: null,
    flaggedAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    heldAmount: 12.5,
    heldRecipients: 2,
  };
  const REVIEW = 'GET /api/admin/uid-reviews/u1';

  it('asks before clearing, names what is released, shows the pending state, then a toast', async () => {
    const gate = deferred<Response>();
    const api = mockApi({
      [LIST]: () => okResponse({ signals: [flagged] }),
      [REVIEW]: () => okResponse({ review }),
      'POST /api/admin/uid-reviews/u1/clear': () => gate.promise,
    });
    const { user } = renderPage();
    expect(await screen.findByText('12.50 USDT')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear the flag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear this UID link?' });
    expect(dialog).toHaveTextContent('released to them: 12.50 USDT to 2 member(s)');
    await user.click(within(dialog).getByRole('button', { name: 'Clear and release' }));
    expect(within(dialog).getByRole('button', { name: 'Clearing...' })).toBeDisabled();
    gate.resolve(
      okResponse({
        review: { ...review, status: 'CLEARED', heldAmount: 0 },
        settledAmount: 12.5,
        recipients: 2,
      }),
    );
    expect(
      await screen.findByText('UID link cleared: 12.50 USDT released to the uplines'),
    ).toBeVisible();
    expect(api.calls('POST /api/admin/uid-reviews/u1/clear')).toHaveLength(1);
  });

  it('asks before rejecting and says why a decision was refused', async () => {
    mockApi({
      [LIST]: () => okResponse({ signals: [flagged] }),
      [REVIEW]: () => okResponse({ review }),
      'POST /api/admin/uid-reviews/u1/reject': () =>
        failResponse(
          409,
          'UID_REVIEW_ALREADY_DECIDED',
          'This UID link was already cleared or rejected by an administrator; reload the page.',
        ),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject the link…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this UID link?' });
    expect(dialog).toHaveTextContent('UID 12345678 is unlinked');
    expect(dialog).toHaveTextContent('12.50 USDT its trading holds for 2 upline(s) is forfeited');
    await user.click(within(dialog).getByRole('button', { name: 'Reject and unlink' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This UID link was already cleared or rejected by an administrator; reload the page.',
    );
  });
});
