import { errorText } from '@ctn/contracts/errors';
import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { AntiPhishingCard } from './anti-phishing-card';

const routes = [
  { element: <SignedIn />, children: [{ path: '/profile', element: <AntiPhishingCard /> }] },
];

function renderCard(handlers: Parameters<typeof mockApi>[0], user = makeUser()) {
  localStorage.setItem('token', 'a-token');
  const api = mockApi({
    'GET /api/users/profile': () => okResponse(user),
    'GET /api/users/security-events': () =>
      okResponse({ events: [], withdrawalsFrozenUntil: null }),
    ...handlers,
  });
  return { ...renderRoutes(routes, { at: '/profile' }), api };
}

describe('the anti-phishing phrase card', () => {
  it('explains the phrase, and sets one with the password', async () => {
    const { user, api } = renderCard({
      'GET /api/users/anti-phishing': () => okResponse({ phrase: null }),
      'PUT /api/users/anti-phishing': (r) =>
        okResponse({ phrase: (r.body as { phrase: string }).phrase }, 'ANTI_PHISHING_PHRASE_SAVED'),
    });
    expect(await screen.findByText('No phrase set: our mails show none.')).toBeInTheDocument();
    expect(screen.getByText(/every email from us shows at the top/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set a phrase' }));
    const form = screen.getByRole('form', { name: 'Set the anti-phishing phrase' });
    // No code field without two-factor sign-in.
    expect(within(form).queryByLabelText(/recovery code/)).toBeNull();

    await user.type(within(form).getByLabelText('Phrase'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Save phrase' }));
    expect(within(form).getByText('Use at least 4 characters')).toBeInTheDocument();
    expect(within(form).getByText('Password is required')).toBeInTheDocument();
    expect(api.calls('PUT /api/users/anti-phishing')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Phrase'), 'd <b>');
    await user.type(within(form).getByLabelText('Password'), 'Secret@2025');
    await user.click(within(form).getByRole('button', { name: 'Save phrase' }));
    expect(within(form).getByText(/Use letters, digits, spaces/)).toBeInTheDocument();
    expect(api.calls('PUT /api/users/anti-phishing')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Phrase'));
    await user.type(within(form).getByLabelText('Phrase'), 'blue heron');
    await user.click(within(form).getByRole('button', { name: 'Save phrase' }));
    expect(
      await screen.findByText(SUCCESS_MESSAGES.ANTI_PHISHING_PHRASE_SAVED),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/users/anti-phishing')[0]?.body).toEqual({
      phrase: 'blue heron',
      password: 'Secret@2025',
    });
    expect(screen.getByText('blue heron')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  }, 40_000);

  it('asks for the second-factor code with two-factor on, and shows a refusal', async () => {
    const { user, api } = renderCard(
      {
        'GET /api/users/anti-phishing': () => okResponse({ phrase: 'old phrase' }),
        'PUT /api/users/anti-phishing': () => failResponse(401, 'INVALID_TWO_FACTOR_CODE'),
      },
      makeUser({ twoFactorEnabled: true }),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const form = screen.getByRole('form', { name: 'Remove the anti-phishing phrase' });
    await user.type(within(form).getByLabelText('Password'), 'Secret@2025');
    await user.click(within(form).getByRole('button', { name: 'Remove phrase' }));
    expect(within(form).getByText('Enter the 6-digit code')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/recovery code/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Remove phrase' }));
    expect(await within(form).findByText(errorText('INVALID_TWO_FACTOR_CODE'))).toBeInTheDocument();
    expect(api.calls('PUT /api/users/anti-phishing')[0]?.body).toEqual({
      phrase: null,
      password: 'Secret@2025',
      totpCode: '123456',
    });
  }, 40_000);

  it('shows loading, then a failed load with Retry', async () => {
    const slow = deferred<Response>();
    let answer = () => slow.promise;
    const { user } = renderCard({ 'GET /api/users/anti-phishing': () => answer() });
    expect(await screen.findByText('Anti-phishing phrase')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set a phrase' })).toBeNull();
    answer = () => Promise.resolve(failResponse(500, 'INTERNAL_ERROR'));
    slow.resolve(failResponse(500, 'INTERNAL_ERROR'));
    expect(await screen.findByText('Failed to load your anti-phishing phrase')).toBeInTheDocument();
    answer = () => Promise.resolve(okResponse({ phrase: null }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Set a phrase' })).toBeInTheDocument();
  });
});
