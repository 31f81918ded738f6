import { ERROR_CATALOGUE } from '@ctn/contracts/errors';
import { TWO_FACTOR_RESET_CHECKS } from '@ctn/contracts/security';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { AdminUserDetailPage } from '../pages/admin-user-detail-page';
import { makeDetail } from '../testing-fixtures';
import { SECOND_FACTOR_RESET_TEXT } from './second-factor-reset';

const ID = '00000000-0000-4000-8000-000000000001';
const DETAIL = `GET /api/users/admin/${ID}`;
const FREEZE = `GET /api/admin/users/${ID}/withdrawal-freeze`;
const RESET = `POST /api/users/admin/${ID}/two-factor/reset`;
const ALL_CHECKS = TWO_FACTOR_RESET_CHECKS.map((check) => check.id);

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  localStorage.setItem('token', 'tok');
  const api = mockApi({ [FREEZE]: () => okResponse({ frozenByOwner: false }), ...routes });
  const rendered = renderRoutes(
    [
      {
        path: '/admin/users/:id',
        element: (
          <>
            <AdminUserDetailPage />
            <Toaster />
          </>
        ),
      },
    ],
    { at: `/admin/users/${ID}` },
  );
  return { api, ...rendered };
}

async function openDialog(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: SECOND_FACTOR_RESET_TEXT.open }));
  return screen.getByRole('dialog', { name: `${SECOND_FACTOR_RESET_TEXT.title} of Grace Hopper` });
}

async function tickAll(user: ReturnType<typeof renderPage>['user'], dialog: HTMLElement) {
  for (const check of TWO_FACTOR_RESET_CHECKS)
    await user.click(within(dialog).getByRole('checkbox', { name: check.label }));
}

describe("the admin reset of a member's second factor", () => {
  it('is not offered while the member has no second factor', async () => {
    renderPage({ [DETAIL]: () => okResponse(makeDetail({ twoFactorEnabled: false })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeVisible();
    expect(screen.queryByRole('button', { name: SECOND_FACTOR_RESET_TEXT.open })).toBeNull();
  });

  it('confirms only once every check is ticked, sends them and reads the page again', async () => {
    let enabled = true;
    const done = deferred<Response>();
    const { api, user } = renderPage({
      [DETAIL]: () => okResponse(makeDetail({ twoFactorEnabled: enabled })),
      [RESET]: () => done.promise,
    });
    const dialog = await openDialog(user);
    expect(dialog).toHaveTextContent(SECOND_FACTOR_RESET_TEXT.consequences);
    const confirm = within(dialog).getByRole('button', { name: SECOND_FACTOR_RESET_TEXT.confirm });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(TWO_FACTOR_RESET_CHECKS.length);
    for (const check of TWO_FACTOR_RESET_CHECKS.slice(0, -1))
      await user.click(within(dialog).getByRole('checkbox', { name: check.label }));
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(api.calls(RESET)).toHaveLength(0);

    await user.click(
      within(dialog).getByRole('checkbox', { name: TWO_FACTOR_RESET_CHECKS.at(-1)!.label }),
    );
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(
      within(dialog).getByRole('button', { name: SECOND_FACTOR_RESET_TEXT.pending }),
    ).toBeDisabled();
    expect(api.calls(RESET).map((r) => r.body)).toEqual([{ checks: ALL_CHECKS }]);

    const detailReads = api.calls(DETAIL).length;
    const freezeReads = api.calls(FREEZE).length;
    enabled = false;
    done.resolve(okResponse(null, 'TWO_FACTOR_RESET'));
    expect(await screen.findByText(SECOND_FACTOR_RESET_TEXT.done)).toBeInTheDocument();
    expect(screen.getByText(SECOND_FACTOR_RESET_TEXT.doneDetail)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: SECOND_FACTOR_RESET_TEXT.open })).toBeNull(),
    );
    expect(api.calls(DETAIL).length).toBeGreaterThan(detailReads);
    expect(api.calls(FREEZE).length).toBeGreaterThan(freezeReads);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    // The catalogue's text of the code the server answers, as the web shows it.
    const refusal = ERROR_CATALOGUE.TWO_FACTOR_RESET_CHECKS_REQUIRED.text;
    const { user } = renderPage({
      [DETAIL]: () => okResponse(makeDetail({ twoFactorEnabled: true })),
      [RESET]: () => failResponse(400, 'TWO_FACTOR_RESET_CHECKS_REQUIRED', refusal),
    });
    const dialog = await openDialog(user);
    await tickAll(user, dialog);
    await user.click(
      within(dialog).getByRole('button', { name: SECOND_FACTOR_RESET_TEXT.confirm }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog')).toBeVisible();
  });
});
