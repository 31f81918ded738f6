import type { MailOutboxStatus } from '@ctn/contracts/mail';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { MailOutboxCard } from './mail-outbox-card';

function makeStatus(overrides: Partial<MailOutboxStatus> = {}): MailOutboxStatus {
  return {
    transport: 'smtp',
    backlog: 0,
    oldestUnsentAt: null,
    oldestError: null,
    failedLastDay: 0,
    alertAfterMinutes: 15,
    alertingSince: null,
    ...overrides,
  };
}

function renderCard() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      { path: '/admin/dashboard', element: <MailOutboxCard /> },
      { path: '/admin/settings', element: <Stub name="Settings" /> },
    ],
    { at: '/admin/dashboard' },
  );
}

const figure = (label: string) => screen.getByText(label).nextSibling;

describe('the mail outbox card', () => {
  it('says when every mail has left', async () => {
    mockApi({ 'GET /api/admin/mail/status': () => okResponse(makeStatus()) });
    renderCard();
    expect(await screen.findByText('Every mail has been handed to the relay.')).toBeInTheDocument();
    expect(figure('Waiting to be sent')).toHaveTextContent('0');
    expect(figure('Oldest unsent mail')).toHaveTextContent('None');
    expect(screen.getByText('OK')).toBeInTheDocument();
  });

  it('shows a delayed backlog with its last error, the alert and the refusals', async () => {
    mockApi({
      'GET /api/admin/mail/status': () =>
        okResponse(
          makeStatus({
            backlog: 12,
            oldestUnsentAt: new Date(Date.now() - 20 * 60_000).toISOString(),
            oldestError: '421 4.7.0 Try again later',
            failedLastDay: 2,
            alertingSince: '2026-11-28T10:15:00.000Z',
          }),
        ),
    });
    renderCard();
    expect(await screen.findByText('Delayed')).toBeInTheDocument();
    expect(figure('Waiting to be sent')).toHaveTextContent('12');
    expect(figure('Oldest unsent mail')).toHaveTextContent('20 min ago');
    expect(figure('Refused for good (24 h)')).toHaveTextContent('2');
    expect(screen.getByText('Last error: 421 4.7.0 Try again later')).toBeInTheDocument();
    expect(
      screen.getByText(/Mail has waited more than 15 minutes; administrators were alerted/),
    ).toBeInTheDocument();
  });

  it('says it failed to load and retries', async () => {
    let fail = true;
    const api = mockApi({
      'GET /api/admin/mail/status': () =>
        fail ? failResponse(500, 'INTERNAL_SERVER_ERROR') : okResponse(makeStatus()),
    });
    const { user } = renderCard();
    expect(await screen.findByText('Failed to load the mail outbox')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Every mail has been handed to the relay.')).toBeInTheDocument();
    expect(api.calls('GET /api/admin/mail/status').length).toBeGreaterThanOrEqual(2);
  });

  it('links to the test mail on the settings page', async () => {
    mockApi({ 'GET /api/admin/mail/status': () => okResponse(makeStatus()) });
    const { user } = renderCard();
    await user.click(await screen.findByRole('link', { name: 'Send a test mail' }));
    expect(await screen.findByText('Settings')).toBeInTheDocument();
  });
});
