import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { UnlockSignInPage } from './unlock-sign-in-page';

const renderAt = (at: string) =>
  renderRoutes(
    [
      { path: '/unlock-sign-in', element: <UnlockSignInPage /> },
      { path: '/signin', element: <Stub name="Sign-in stub" /> },
    ],
    { at },
  );

describe('unlock sign-in page', () => {
  it('uses the token once, then says sign-in is resumed and links to Sign In', async () => {
    const { calls } = mockApi({
      'POST /api/users/unlock-sign-in': () => okResponse(null, 'SIGN_IN_RESUMED'),
    });
    renderAt('/unlock-sign-in?token=abc');
    expect(screen.getByRole('heading', { name: 'Resuming Sign-In...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign-In Resumed' })).toBeInTheDocument();
    expect(screen.getByText(/Your account can sign in again/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
    expect(calls('POST /api/users/unlock-sign-in')).toHaveLength(1);
    expect(calls('POST /api/users/unlock-sign-in')[0]!.body).toEqual({ token: 'abc' });
  });

  it("shows the server's refusal for a used or expired link", async () => {
    mockApi({
      'POST /api/users/unlock-sign-in': () =>
        failResponse(
          400,
          'INVALID_OR_EXPIRED_TOKEN',
          'Link expired or invalid; request a new one.',
        ),
    });
    renderAt('/unlock-sign-in?token=used');
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeInTheDocument();
    expect(screen.getByText('Link expired or invalid; request a new one.')).toBeInTheDocument();
  });

  it('says so when the link has no token, asking nothing of the server', () => {
    const { calls } = mockApi({});
    renderAt('/unlock-sign-in');
    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeInTheDocument();
    expect(calls('POST /api/users/unlock-sign-in')).toHaveLength(0);
  });
});
