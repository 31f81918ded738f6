import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { FREEZE_TEXT, FreezeAccountPage } from './freeze-account-page';

const STATE = 'POST /api/users/freeze-account/state';
const FREEZE = 'POST /api/users/freeze-account';

function renderFreeze(at: string) {
  return renderRoutes(
    [
      { path: '/freeze-account', element: <FreezeAccountPage /> },
      { path: '/signin', element: <Stub name="Sign-in stub" /> },
      { path: '/forgot-password', element: <Stub name="Forgot stub" /> },
    ],
    { at },
  );
}

describe('freeze account page', () => {
  it('checks the link, freezes only on the click, then says it is frozen', async () => {
    const gate = deferred<void>();
    const api = mockApi({
      [STATE]: () =>
        gate.promise.then(() => okResponse({ state: 'READY', maskedEmail: 'a***a@example.com' })),
      [FREEZE]: () => okResponse({ state: 'FROZEN', maskedEmail: 'a***a@example.com' }),
    });
    const { user } = renderFreeze('/freeze-account?token=tok.sig');
    expect(screen.getByText(FREEZE_TEXT.checking)).toBeInTheDocument();
    gate.resolve();
    expect(
      await screen.findByRole('heading', { name: 'Not you? Freeze your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('a***a@example.com')).toBeInTheDocument();
    expect(screen.getByText(FREEZE_TEXT.ready)).toBeInTheDocument();
    expect(api.calls(FREEZE)).toHaveLength(0);
    expect(api.calls(STATE).every((c) => (c.body as { token: string }).token === 'tok.sig')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Freeze my account' }));
    expect(await screen.findByRole('heading', { name: 'Account frozen' })).toBeInTheDocument();
    expect(screen.getByText(FREEZE_TEXT.frozen)).toBeInTheDocument();
    expect(api.calls(FREEZE).map((c) => c.body)).toEqual([{ token: 'tok.sig' }]);
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says so when the account is frozen already, offering no second click', async () => {
    mockApi({ [STATE]: () => okResponse({ state: 'FROZEN', maskedEmail: 'a***a@example.com' }) });
    renderFreeze('/freeze-account?token=tok.sig');
    expect(await screen.findByRole('heading', { name: 'Account frozen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze my account' })).toBeNull();
  });

  it('shows an invalid or expired link, and a page without a token, as not valid', async () => {
    mockApi({
      [STATE]: () =>
        failResponse(
          400,
          'INVALID_OR_EXPIRED_TOKEN',
          'Link expired or invalid; request a new one.',
        ),
    });
    renderFreeze('/freeze-account?token=forged');
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Link expired or invalid');
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
  });

  it('a page without a token asks nothing', async () => {
    const api = mockApi({});
    renderFreeze('/freeze-account');
    expect(await screen.findByRole('heading', { name: 'Link not valid' })).toBeInTheDocument();
    expect(screen.getByText(FREEZE_TEXT.invalid)).toBeInTheDocument();
    expect(api.calls(STATE)).toHaveLength(0);
  });

  it('keeps the button and says why when the freeze fails', async () => {
    mockApi({
      [STATE]: () => okResponse({ state: 'READY', maskedEmail: 'a***a@example.com' }),
      [FREEZE]: () => failResponse(500, null),
    });
    const { user } = renderFreeze('/freeze-account?token=tok.sig');
    await user.click(await screen.findByRole('button', { name: 'Freeze my account' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Freeze my account' })).toBeEnabled();
  });
});
