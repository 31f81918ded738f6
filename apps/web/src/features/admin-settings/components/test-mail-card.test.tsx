import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/session';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { createTestQueryClient, renderRoutes } from '@/testing/render';
import { TestMailCard } from './test-mail-card';

const POST = 'POST /api/admin/mail/test';

function renderCard() {
  localStorage.setItem('token', 'tok');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryKey, makeUser({ isAdmin: true, email: 'ops@example.com' }));
  return renderRoutes([{ path: '/admin/settings', element: <TestMailCard /> }], {
    at: '/admin/settings',
    queryClient,
  });
}

const field = () => screen.getByLabelText('Send to');
const button = () => screen.getByRole('button', { name: /Send test mail|Sending/ });

describe('the test mail card', () => {
  it("sends to the admin's own address by default and shows the relay's acceptance", async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [POST]: () => answer.promise });
    const { user } = renderCard();
    expect(field()).toHaveValue('ops@example.com');
    await user.click(button());
    expect(await screen.findByText('Sending...')).toBeInTheDocument();
    answer.resolve(
      okResponse({
        to: 'ops@example.com',
        accepted: true,
        answer: '250 2.0.0 Ok: queued as 4F1A2',
        failedStep: null,
        durationMs: 420,
      }),
    );
    expect(
      await screen.findByText('The relay accepted the mail to ops@example.com'),
    ).toBeInTheDocument();
    expect(screen.getByText('Its answer: 250 2.0.0 Ok: queued as 4F1A2')).toBeInTheDocument();
    expect(api.calls(POST)[0]!.body).toEqual({ to: 'ops@example.com' });
  });

  it("shows the relay's refusal with the step and its answer", async () => {
    mockApi({
      [POST]: () =>
        okResponse({
          to: 'someone@example.org',
          accepted: false,
          answer: '535 5.7.8 Authentication credentials invalid',
          failedStep: 'login',
          durationMs: 300,
        }),
    });
    const { user } = renderCard();
    await user.clear(field());
    await user.type(field(), 'someone@example.org');
    await user.click(button());
    expect(await screen.findByText('The relay refused the login')).toBeInTheDocument();
    expect(
      screen.getByText('Its answer: 535 5.7.8 Authentication credentials invalid'),
    ).toBeInTheDocument();
  });

  it('checks the address first, and shows a refused call', async () => {
    const api = mockApi({
      [POST]: () =>
        failResponse(
          409,
          'MAIL_NOT_CONFIGURED',
          'This server has no mail relay (SMTP_URL is not set): mail stays in the development mailbox.',
        ),
    });
    const { user } = renderCard();
    await user.clear(field());
    await user.click(button());
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(field(), 'not-mail');
    await user.click(button());
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
    expect(api.calls(POST)).toHaveLength(0);
    await user.clear(field());
    await user.type(field(), 'ops@example.com');
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This server has no mail relay (SMTP_URL is not set)',
    );
  });
});
