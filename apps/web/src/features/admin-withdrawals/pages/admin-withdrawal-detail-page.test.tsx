import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import {
  makeAdminWithdrawal,
  makeReview,
  TX_HASH,
  WALLET,
} from '@/testing/admin-withdrawal-fixtures';
import { AdminWithdrawalDetailPage } from './admin-withdrawal-detail-page';

const ID = makeAdminWithdrawal(1)._id;
const GET = `GET /api/withdrawals/admin/${ID}`;
const PUT = `PUT /api/withdrawals/${ID}`;
const CHECK = `POST /api/withdrawals/admin/${ID}/check-transaction`;

function renderPage(at = `/admin/withdrawals/${ID}`) {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/withdrawals/:id',
        element: (
          <>
            <AdminWithdrawalDetailPage />
            <Toaster />
          </>
        ),
      },
      { path: '/admin/withdrawals', element: <Stub name="Withdrawals" /> },
      { path: '/admin/users/:id', element: <Stub name="User detail" /> },
    ],
    { at },
  );
}

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('div')!.parentElement!;
const field = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextSibling;
const actionButton = (name: string) => screen.queryByRole('button', { name });

/** Toasts are module state and outlive a test: the newest one is this test's. */
async function expectToast(text: string) {
  const region = screen.getByRole('region', { name: 'Notifications' });
  // An error toast is an alert, not a listitem, to assistive technology: read the list itself.
  await waitFor(() => expect([...region.querySelectorAll('li')].at(-1)).toHaveTextContent(text));
}

async function openDialog(user: ReturnType<typeof renderPage>['user'], action: string) {
  await user.click(await screen.findByRole('button', { name: action }));
  return screen.findByRole('dialog');
}

describe('admin withdrawal review page', () => {
  it('shows the request, the member, the ledger, past withdrawals and the chain check', async () => {
    mockApi({
      [GET]: () =>
        okResponse(
          makeReview({
            withdrawal: makeAdminWithdrawal(1, {
              status: 'APPROVED',
              transactionHash: TX_HASH,
              processedAt: '2025-03-03T11:00:00.000Z',
              payout: 'SENT',
            }),
            member: {
              ...makeReview().member,
              lockedBalance: 12,
              compliance: {
                locked: true,
                reasons: ['LOW_BALANCE', 'SOMETHING_NEW'],
                lockedSince: '2025-02-20T08:00:00.000Z',
              },
              withdrawalsFrozen: { reason: 'OWNER_FREEZE', until: null },
            },
            chainCheck: { state: 'MISMATCH', detail: 'The transfer sent 20 USDT, not 25.50' },
          }),
        ),
    });
    const { user, router } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading withdrawal details...');
    expect(await screen.findByText('$25.50 requested by Ada Lovelace1')).toBeInTheDocument();

    const request = card('Request');
    expect(field(request, 'Amount')).toHaveTextContent('$25.50');
    expect(field(request, 'Asset')).toHaveTextContent('USDT');
    const wallet = within(request).getByRole('link', { name: new RegExp(`^${WALLET}`) });
    expect(wallet).toHaveAttribute('href', `https://testnet.bscscan.com/address/${WALLET}`);
    expect(within(request).getByText('APPROVED')).toHaveAttribute('data-status', 'APPROVED');
    expect(field(request, 'Requested')).toHaveTextContent('Mar 2, 2025');
    expect(field(request, 'Processed')).toHaveTextContent('Mar 3, 2025');
    const tx = within(request).getByRole('link', { name: new RegExp(`^${TX_HASH}`) });
    expect(tx).toHaveAttribute('href', `https://testnet.bscscan.com/tx/${TX_HASH}`);
    expect(field(request, 'Payout')).toHaveTextContent('Sent');
    const check = field(request, 'On-chain Check') as HTMLElement;
    expect(within(check).getByText('Mismatch')).toBeInTheDocument();
    expect(check.querySelector('[data-chain-check]')).toHaveAttribute(
      'data-chain-check',
      'MISMATCH',
    );
    expect(check).toHaveTextContent('The transfer sent 20 USDT, not 25.50');

    await user.click(within(request).getByRole('button', { name: 'Copy wallet address' }));
    expect(await within(request).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(WALLET);

    const member = card('Member');
    expect(field(member, 'Name')).toHaveTextContent('Ada Lovelace1');
    expect(field(member, 'Email')).toHaveTextContent('ada1@example.com');
    expect(field(member, 'Account Status')).toHaveTextContent('ACTIVE');
    expect(field(member, 'Available Balance')).toHaveTextContent('$74.50');
    expect(field(member, 'Locked Balance')).toHaveTextContent('$12.00');
    expect(field(member, 'Pending Balance')).toHaveTextContent('$25.50');
    expect(field(member, 'Total Earned')).toHaveTextContent('$150.00');
    expect(field(member, 'Total Withdrawn')).toHaveTextContent('$50.00');
    const compliance = field(member, 'Compliance');
    expect(compliance).toHaveTextContent('Earnings locked');
    expect(compliance).toHaveTextContent('Since Feb 20, 2025');
    expect(compliance).toHaveTextContent('BingX balance below 100 USDT');
    expect(compliance).toHaveTextContent('SOMETHING_NEW');
    expect(field(member, 'Withdrawals')).toHaveTextContent(
      'Frozen by the member from a mail link: approve nothing until an administrator lifts it',
    );

    const ledger = screen.getByRole('region', { name: 'Recent ledger entries' });
    const entry = within(ledger).getAllByRole('row')[1]!;
    expect(entry).toHaveTextContent('WITHDRAWAL HOLD');
    expect(entry).toHaveTextContent('-$25.50');
    expect(entry).toHaveTextContent('+$25.50');
    expect(entry).toHaveTextContent('Withdrawal request');

    const past = screen.getByRole('region', { name: 'Past withdrawals' });
    const row = within(past).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('0x52908400...169EE7');
    expect(within(row).getByText('Wrong network')).toHaveClass('text-danger');

    // Processed: no decision can be taken.
    expect(
      screen.getByText('This request has been processed and cannot be modified.'),
    ).toBeInTheDocument();
    for (const name of ['Approve', 'Approve and send', 'Reject', 'Block']) {
      expect(actionButton(name)).toBeNull();
    }

    await user.click(within(row).getByRole('link', { name: /^Review the withdrawal/ }));
    expect(router.state.location.pathname).toBe(`/admin/withdrawals/${makeAdminWithdrawal(2)._id}`);
  });

  it('links the member and goes back to the list', async () => {
    mockApi({ [GET]: () => okResponse(makeReview()) });
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('link', { name: /^CT400001/ }));
    expect(router.state.location.pathname).toBe(`/admin/users/${makeAdminWithdrawal(1).user._id}`);
    await router.navigate(`/admin/withdrawals/${ID}`);
    await user.click(await screen.findByRole('link', { name: 'Back to Withdrawals' }));
    expect(router.state.location.pathname).toBe('/admin/withdrawals');
  });

  it('offers the actions only while PENDING, Approve and send only with a hot wallet', async () => {
    mockApi({ [GET]: () => okResponse(makeReview()) });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(actionButton('Reject')).toBeInTheDocument();
    expect(actionButton('Block')).toBeInTheDocument();
    expect(actionButton('Approve and send')).toBeNull();
    expect(screen.queryByText(/has been processed/)).toBeNull();
  });

  it('rejects only with a reason, then says so and loads the request again', async () => {
    const api = mockApi({
      [GET]: () => okResponse(makeReview()),
      [PUT]: () =>
        okResponse(makeAdminWithdrawal(1, { status: 'REJECTED', reason: 'Wrong network' })),
    });
    const { user } = renderPage();
    const dialog = await openDialog(user, 'Reject');
    const loads = api.calls(GET).length;
    expect(dialog).toHaveAccessibleName('Reject Withdrawal');
    expect(dialog).toHaveTextContent(
      "Reject the withdrawal of 25.50 USDT by Ada Lovelace1. The amount returns to the member's available balance.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('A reason is required when rejecting')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(api.calls(PUT)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong network ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectToast('Withdrawal rejected successfully');
    expect(api.calls(PUT)[0]!.body).toEqual({ status: 'REJECTED', reason: 'Wrong network' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page loads the request again.
    await waitFor(() => expect(api.calls(GET).length).toBeGreaterThan(loads));
  });

  it('blocks for compliance with a reason', async () => {
    const api = mockApi({
      [GET]: () => okResponse(makeReview()),
      [PUT]: () => okResponse(makeAdminWithdrawal(1, { status: 'BLOCKED_COMPLIANCE' })),
    });
    const { user } = renderPage();
    const dialog = await openDialog(user, 'Block');
    expect(dialog).toHaveAccessibleName('Block Withdrawal');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Sanctioned address');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await expectToast('Withdrawal blocked for compliance successfully');
    expect(api.calls(PUT)[0]!.body).toEqual({
      status: 'BLOCKED_COMPLIANCE',
      reason: 'Sanctioned address',
    });
  });

  it('checks a hash on chain before approving with it', async () => {
    const answer = deferred<Response>();
    const api = mockApi({
      [GET]: () => okResponse(makeReview()),
      [CHECK]: () => okResponse({ state: 'VERIFIED', detail: `25.50 USDT sent to ${WALLET}` }),
      [PUT]: () => answer.promise,
    });
    const { user } = renderPage();
    const dialog = await openDialog(user, 'Approve');
    expect(dialog).toHaveAccessibleName('Approve Withdrawal');
    const hash = within(dialog).getByLabelText('Transaction hash (optional)');
    const checkButton = within(dialog).getByRole('button', { name: 'Check on chain' });
    expect(checkButton).toBeDisabled();

    await user.type(hash, '0x1234');
    await user.click(checkButton);
    expect(
      within(dialog).getByText('A transaction hash is 0x and 64 hex digits'),
    ).toBeInTheDocument();
    expect(api.calls(CHECK)).toHaveLength(0);

    await user.clear(hash);
    await user.type(hash, TX_HASH);
    expect(within(dialog).queryByText(/64 hex digits$/)).toBeNull();
    await user.click(checkButton);
    const result = await within(dialog).findByRole('region', { name: 'On-chain check' });
    expect(result).toHaveTextContent('Verified');
    expect(result).toHaveTextContent(`25.50 USDT sent to ${WALLET}`);
    expect(api.calls(CHECK)[0]!.body).toEqual({ transactionHash: TX_HASH });

    // A result belongs to the hash it was asked for.
    await user.type(hash, '0');
    expect(within(dialog).queryByRole('region', { name: 'On-chain check' })).toBeNull();
    await user.type(hash, '{Backspace}');

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('button', { name: 'Approving...' })).toBeDisabled();
    expect(api.calls(PUT)[0]!.body).toEqual({ status: 'APPROVED', transactionHash: TX_HASH });
    answer.resolve(okResponse(makeAdminWithdrawal(1, { status: 'APPROVED' })));
    await expectToast('Withdrawal approved successfully');
  });

  it('approves without a hash, and shows a failed check', async () => {
    const api = mockApi({
      [GET]: () => okResponse(makeReview()),
      [CHECK]: () => failResponse(503, 'CHAIN_UNAVAILABLE'),
      [PUT]: () => okResponse(makeAdminWithdrawal(1, { status: 'APPROVED' })),
    });
    const { user } = renderPage();
    const dialog = await openDialog(user, 'Approve');
    await user.type(within(dialog).getByLabelText('Transaction hash (optional)'), TX_HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Check on chain' }));
    expect(
      await within(dialog).findByText(
        'The payment network could not be reached. Please try again in a minute.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Transaction hash (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expectToast('Withdrawal approved successfully');
    expect(api.calls(PUT)[0]!.body).toEqual({ status: 'APPROVED' });
  });

  it('approves and sends from the hot wallet after a confirmation', async () => {
    const api = mockApi({
      [GET]: () => okResponse(makeReview({ canSend: true })),
      [PUT]: () => okResponse(makeAdminWithdrawal(1, { status: 'APPROVED', payout: 'SENT' })),
    });
    const { user } = renderPage();
    const dialog = await openDialog(user, 'Approve and send');
    expect(dialog).toHaveTextContent(`This sends 25.50 USDT from the hot wallet to ${WALLET}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(PUT)).toHaveLength(0);

    const again = await openDialog(user, 'Approve and send');
    await user.click(within(again).getByRole('button', { name: 'Send' }));
    await expectToast('Withdrawal approved successfully');
    expect(api.calls(PUT)[0]!.body).toEqual({ status: 'APPROVED', send: true });
  });

  it('shows what the server refused', async () => {
    mockApi({
      [GET]: () => okResponse(makeReview({ canSend: true })),
      [PUT]: () => failResponse(409, 'INSUFFICIENT_BALANCE_FOR_APPROVAL'),
    });
    const { user } = renderPage();
    let dialog = await openDialog(user, 'Approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('member balance is insufficient for approval'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    mockApi({
      [GET]: () => okResponse(makeReview({ canSend: true })),
      [PUT]: () => failResponse(503, 'PAYOUT_UNAVAILABLE'),
    });
    dialog = await openDialog(user, 'Approve and send');
    // A new dialog starts without the last refusal.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText(
        'The hot wallet could not send the payout. Nothing was approved; try again.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    mockApi({
      [GET]: () => okResponse(makeReview()),
      [PUT]: () =>
        failResponse(400, 'VALIDATION_ERROR', 'bad', {
          errors: [{ field: 'reason', message: 'The reason is too long' }],
        }),
    });
    dialog = await openDialog(user, 'Block');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('The reason is too long')).toBeInTheDocument();
  });

  it('reloads a request someone else processed meanwhile', async () => {
    let processed = false;
    const api = mockApi({
      [GET]: () =>
        okResponse(
          processed
            ? makeReview({
                withdrawal: makeAdminWithdrawal(1, {
                  status: 'APPROVED',
                  transactionHash: TX_HASH,
                }),
              })
            : makeReview(),
        ),
      [PUT]: () => {
        processed = true;
        return failResponse(409, 'WITHDRAWAL_ALREADY_PROCESSED');
      },
    });
    const { user } = renderPage();
    const dialog = await openDialog(user, 'Reject');
    const loads = api.calls(GET).length;
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectToast('cannot be modified');
    expect(
      await screen.findByText('This request has been processed and cannot be modified.'),
    ).toBeInTheDocument();
    expect(actionButton('Reject')).toBeNull();
    expect(api.calls(GET)).toHaveLength(loads + 1);
  });

  it('adds the hash of a request approved without one', async () => {
    const api = mockApi({
      [GET]: () =>
        okResponse(
          makeReview({
            withdrawal: makeAdminWithdrawal(1, { status: 'APPROVED', transactionHash: null }),
          }),
        ),
      [PUT]: () =>
        okResponse(makeAdminWithdrawal(1, { status: 'APPROVED', transactionHash: TX_HASH })),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Payment Hash Missing')).toBeInTheDocument();
    expect(actionButton('Reject')).toBeNull();
    const dialog = await openDialog(user, 'Add transaction hash');
    expect(within(dialog).queryByLabelText('Reason (optional)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save hash' }));
    expect(within(dialog).getByText('Enter the transaction hash')).toBeInTheDocument();
    expect(api.calls(PUT)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Transaction hash'), TX_HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Save hash' }));
    await expectToast('Transaction hash saved');
    expect(api.calls(PUT)[0]!.body).toEqual({ status: 'APPROVED', transactionHash: TX_HASH });
  });

  it('refuses an invalid id without a call, and says when the request does not exist', async () => {
    const api = mockApi({ [GET]: () => failResponse(404, 'WITHDRAWAL_NOT_FOUND') });
    const { unmount } = renderPage('/admin/withdrawals/not%20an%20id');
    expect(screen.getByText('Invalid withdrawal ID')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Withdrawals' })).toHaveAttribute(
      'href',
      '/admin/withdrawals',
    );
    // Only the session's own profile check goes out: nothing asks for the unusable id.
    expect(api.requests.filter((r) => r.path !== '/api/users/profile')).toEqual([]);
    unmount();

    const { user } = renderPage();
    expect(await screen.findByText('withdrawal not found')).toBeInTheDocument();
    mockApi({ [GET]: () => okResponse(makeReview()) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('$25.50 requested by Ada Lovelace1')).toBeInTheDocument();
  });
});
