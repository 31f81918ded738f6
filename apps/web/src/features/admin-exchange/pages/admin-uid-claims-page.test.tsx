import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { AdminUidClaimsPage } from './admin-uid-claims-page';

const account = (n: number, uid: string | null) => ({
  _id: `u${n}`,
  userId: `CT40000${n}`,
  name: n === 1 ? 'Ada Claimant' : 'Bob Holder',
  email: `member${n}@example.com`,
  bingXUID: uid,
  linkedAt: uid ? '2026-11-01T10:00:00.000Z' : null,
  subscriptionPaid: true,
  createdAt: '2026-10-01T10:00:00.000Z',
});
const claim = {
  _id: 'c1',
  uid: '12345678',
  message: 'This is my account; KYC name Ada Claimant.',
  status: 'OPEN' as const,
  createdAt: '2026-11-24T10:00:00.000Z',
  resolvedAt: null,
  resolutionNote: null,
  claimant: account(1, null),
  holder: account(2, '12345678'),
};

function renderPage() {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/uid-claims', element: <AdminUidClaimsPage /> }], {
    at: '/admin/uid-claims',
  });
}

describe('admin UID claims page', () => {
  it('shows an open claim with both accounts and what BingX says, and moves the UID with a note', async () => {
    let resolved = false;
    const api = mockApi({
      'GET /api/admin/uid-claims': () => okResponse({ claims: resolved ? [] : [claim] }),
      'GET /api/admin/uid-claims/c1': () =>
        okResponse({
          ...claim,
          exchange: {
            available: true,
            invited: true,
            directInvitation: false,
            registeredAt: '2024-03-03T00:00:00.000Z',
            kycDone: null,
            problem: null,
          },
        }),
      'POST /api/admin/uid-claims/c1/resolve': () => {
        resolved = true;
        return okResponse({ ...claim, status: 'REASSIGNED' });
      },
    });
    const { user } = renderPage();
    const card = await screen.findByRole('region', { name: 'Claim for UID 12345678' });
    expect(within(card).getByText('This is my account; KYC name Ada Claimant.')).toBeVisible();
    expect(within(card).getByRole('region', { name: 'Claimant' })).toHaveTextContent(
      'Ada Claimant',
    );
    expect(within(card).getByRole('region', { name: 'Holds the UID' })).toHaveTextContent(
      'Bob Holder',
    );
    const bingx = await within(card).findByRole('region', { name: 'What BingX says' });
    expect(bingx).toHaveTextContent('Direct invitationNo');
    expect(bingx).toHaveTextContent('KYC doneUnknown');

    await user.click(within(card).getByRole('button', { name: 'Move UID to claimant' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move UID' }));
    expect(within(dialog).getByText(/at least 3 characters/)).toBeVisible();
    expect(api.calls('POST /api/admin/uid-claims/c1/resolve')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Note to both members'), 'KYC matches Ada.');
    await user.click(within(dialog).getByRole('button', { name: 'Move UID' }));
    expect(await screen.findByText('No open claims')).toBeVisible();
    expect(api.calls('POST /api/admin/uid-claims/c1/resolve')[0]?.body).toEqual({
      action: 'REASSIGN',
      note: 'KYC matches Ada.',
    });
  });
});
