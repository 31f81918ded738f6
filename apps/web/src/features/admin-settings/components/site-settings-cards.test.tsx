import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse, TEST_SITE_LINKS } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { LegalPagesCard } from './legal-pages-card';
import { SiteLinksCard } from './site-links-card';

const render = (element: React.ReactNode) => {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/settings', element }], { at: '/admin/settings' });
};

describe('public site settings', () => {
  it('refuses an http link and a malformed mailbox in place, then saves empty fields as unset', async () => {
    const api = mockApi({
      'PUT /api/admin/settings/site': (request) => okResponse(request.body),
    });
    const { user } = render(<SiteLinksCard />);
    const affiliate = await screen.findByLabelText('BingX affiliate link');
    expect(affiliate).toHaveValue(TEST_SITE_LINKS.affiliateUrl);
    await user.clear(affiliate);
    await user.type(affiliate, 'http://bingx.com/invite/X');
    const mailbox = screen.getByLabelText('Support mailbox');
    await user.clear(mailbox);
    await user.type(mailbox, 'support');
    await user.click(screen.getByRole('button', { name: 'Save public site' }));
    expect(await screen.findByText('The affiliate link must be an https:// address')).toBeVisible();
    expect(screen.getByText('The support mailbox must be an email address')).toBeVisible();
    expect(api.calls('PUT /api/admin/settings/site')).toHaveLength(0);

    await user.clear(affiliate);
    await user.clear(mailbox);
    await user.type(mailbox, ' help@ops.example.com ');
    await user.click(screen.getByRole('button', { name: 'Save public site' }));
    await waitFor(() => expect(api.calls('PUT /api/admin/settings/site')).toHaveLength(1));
    expect(api.calls('PUT /api/admin/settings/site')[0]!.body).toEqual({
      ...TEST_SITE_LINKS,
      affiliateUrl: null,
      supportEmail: 'help@ops.example.com',
    });
    expect(await screen.findAllByText('Not set: left out of the public pages.')).toHaveLength(1);
  });
});

describe('legal pages and disclosure settings', () => {
  it('edits the chosen page, refuses a text too short, and rebuilds the disclosure', async () => {
    const api = mockApi({
      'PUT /api/admin/settings/legal/risk': (request) =>
        okResponse({
          document: 'risk',
          title: 'Risk Disclosure',
          body: (request.body as { body: string }).body,
          updatedAt: '2026-11-26T10:00:00.000Z',
        }),
      'POST /api/admin/earnings-disclosure': () =>
        failResponse(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable'),
    });
    const { user } = render(<LegalPagesCard />);
    expect(await screen.findByLabelText('Terms of Service text')).toHaveValue(
      '## Terms of Service\n\nThe Terms of Service of the test.',
    );
    await user.selectOptions(screen.getByLabelText('Page'), 'risk');
    const text = await screen.findByLabelText('Risk Disclosure text');
    expect(screen.getByRole('link', { name: 'View the page' })).toHaveAttribute('href', '/risk');
    await user.clear(text);
    await user.type(text, 'Too short.');
    await user.click(screen.getByRole('button', { name: 'Save Risk Disclosure' }));
    expect(await screen.findByText('The text is too short to be a legal page')).toBeVisible();
    expect(api.calls('PUT /api/admin/settings/legal/risk')).toHaveLength(0);

    await user.type(text, ' You can lose all the money you trade with, and more.');
    await user.click(screen.getByRole('button', { name: 'Save Risk Disclosure' }));
    expect(await screen.findByText(/Last saved/)).toBeVisible();

    expect(screen.getByText(/Not built yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Rebuild now' }));
    expect(await screen.findByText('The database is unavailable')).toBeVisible();
  });
});
