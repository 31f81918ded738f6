import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { supportContent } from '@/lib/site-content';
import {
  failResponse,
  mockApi,
  okResponse,
  TEST_OPERATOR,
  TEST_SITE_LINKS,
} from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { SupportPage } from './support-page';

describe('support page', () => {
  it('shows the operator’s channels, mailbox and hours, the contact form and quick help', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/users/profile': () => okResponse(makeUser()) });
    renderRoutes(
      [{ element: <SignedIn />, children: [{ path: '/support', element: <SupportPage /> }] }],
      { at: '/support' },
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help & Support' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Telegram/ })).toHaveAttribute(
      'href',
      TEST_OPERATOR.supportChannels[0]!.url,
    );
    expect(screen.getByRole('link', { name: 'Open the contact form' })).toHaveAttribute(
      'href',
      '/contact',
    );
    const email = TEST_SITE_LINKS.supportEmail!;
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(screen.getByText('CT1000234')).toBeInTheDocument();

    const topics = screen.getByRole('heading', { name: 'Common topics' }).nextElementSibling!;
    expect(within(topics as HTMLElement).getAllByRole('listitem')).toHaveLength(
      supportContent.quickHelp.commonTopics.length,
    );
    const before = screen.getByRole('heading', {
      name: 'Before contacting support',
    }).nextElementSibling!;
    expect(within(before as HTMLElement).getAllByRole('listitem')).toHaveLength(
      supportContent.quickHelp.beforeContacting.length,
    );
    // The hours the operator keeps, and nothing it does not promise.
    expect(screen.getByRole('heading', { name: 'Support Hours' }).parentElement).toHaveTextContent(
      'Mon-Fri 09:00-18:00 UTC',
    );
    expect(screen.queryByText(/24\/7|within 24 hours/)).toBeNull();
  });

  it('leaves out the channels, mailbox and hours while they are not set, and says so', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/users/profile': () => okResponse(makeUser()),
      'GET /api/public/operator': () =>
        okResponse({ ...TEST_OPERATOR, supportChannels: [], supportHours: null }),
      'GET /api/public/site': () =>
        okResponse({
          affiliateUrl: null,
          copyTradingUrl: null,
          updatesChannelUrl: null,
          communityChannelUrl: null,
          supportEmail: null,
        }),
    });
    renderRoutes(
      [{ element: <SignedIn />, children: [{ path: '/support', element: <SupportPage /> }] }],
      { at: '/support' },
    );
    expect(await screen.findByText(supportContent.notPublished)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Telegram/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: supportContent.email.title })).toBeNull();
    // Nothing is promised: the hours are said to be unpublished, the form is still there.
    expect(screen.getByText('Our support hours are not published yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the contact form' })).toBeInTheDocument();
    expect(screen.queryByText(supportContent.intro)).toBeNull();
  });

  it('offers Retry when the support contacts cannot be loaded, then shows them', async () => {
    localStorage.setItem('token', 'tok');
    let fail = true;
    mockApi({
      'GET /api/users/profile': () => okResponse(makeUser()),
      'GET /api/public/site': () =>
        fail ? failResponse(503, 'SERVICE_UNAVAILABLE') : okResponse(TEST_SITE_LINKS),
    });
    const { user } = renderRoutes(
      [{ element: <SignedIn />, children: [{ path: '/support', element: <SupportPage /> }] }],
      { at: '/support' },
    );
    expect(await screen.findByText('The support contacts could not be loaded.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Telegram/ })).toBeVisible();
  });
});
