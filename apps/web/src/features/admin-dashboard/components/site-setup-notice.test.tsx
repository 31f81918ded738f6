import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { SiteSetupNotice } from './site-setup-notice';

const UNSET = {
  affiliateUrl: null,
  copyTradingUrl: null,
  updatesChannelUrl: null,
  communityChannelUrl: null,
  supportEmail: null,
};

const render = (element: ReactNode) => {
  localStorage.setItem('token', 'tok');
  return renderRoutes([{ path: '/admin/dashboard', element }], { at: '/admin/dashboard' });
};

describe('the site setup notice', () => {
  it('the dashboard names every link still unset', async () => {
    mockApi({
      'GET /api/admin/settings/site': () =>
        okResponse({ ...UNSET, copyTradingUrl: 'https://bingx.com/en/CopyTrading/1' }),
    });
    render(<SiteSetupNotice />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'BingX affiliate link, Updates channel, Community channel, Support mailbox.',
    );
    expect(
      within(notice).getByRole('link', { name: 'Set them in Admin Settings' }),
    ).toHaveAttribute('href', '/admin/settings');
  });

  it('shows nothing on the dashboard when every link is set', async () => {
    const api = mockApi({});
    render(<SiteSetupNotice />);
    await waitFor(() => expect(api.calls('GET /api/admin/settings/site')).not.toHaveLength(0));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
