import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { FREEZE_NOTICE_TEXT, WithdrawalFreezeNotice } from './withdrawal-freeze-notice';

const ID = '00000000-0000-4000-8000-000000000001';
const VIEW = `GET /api/admin/users/${ID}/withdrawal-freeze`;
const LIFT = `POST /api/admin/users/${ID}/withdrawal-freeze/lift`;

function renderNotice() {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/x', element: <WithdrawalFreezeNotice userId={ID} /> }], {
    at: '/x',
  });
}

describe("the owner's freeze on the admin user detail", () => {
  it('shows the freeze and lifts it after a confirmation', async () => {
    const api = mockApi({
      [VIEW]: () => okResponse({ frozenByOwner: true }),
      [LIFT]: () => okResponse({ frozenByOwner: false }),
    });
    const { user } = renderNotice();
    const notice = await screen.findByRole('region', { name: 'Withdrawals frozen by the owner' });
    expect(notice).toHaveTextContent(FREEZE_NOTICE_TEXT.frozen);
    await user.click(screen.getByRole('button', { name: 'Lift the freeze…' }));
    expect(screen.getByText(FREEZE_NOTICE_TEXT.confirm)).toBeInTheDocument();
    expect(api.calls(LIFT)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Lift the freeze' }));
    expect(await screen.findByText(FREEZE_NOTICE_TEXT.lifted)).toBeInTheDocument();
    expect(api.calls(LIFT)).toHaveLength(1);
  });

  it('shows nothing without a freeze, and says why a lift failed', async () => {
    mockApi({ [VIEW]: () => okResponse({ frozenByOwner: false }) });
    renderNotice();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Withdrawals frozen by the owner' })).toBeNull();
  });

  it('keeps the freeze shown when the lift is refused', async () => {
    mockApi({
      [VIEW]: () => okResponse({ frozenByOwner: true }),
      [LIFT]: () => failResponse(409, 'WITHDRAWAL_FREEZE_NOT_FOUND', 'Nothing to lift.'),
    });
    const { user } = renderNotice();
    await user.click(await screen.findByRole('button', { name: 'Lift the freeze…' }));
    await user.click(screen.getByRole('button', { name: 'Lift the freeze' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Withdrawals frozen by the owner' })).toBeVisible();
  });
});
