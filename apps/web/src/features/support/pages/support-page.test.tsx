import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { supportContent } from '@/lib/site-content';
import { mockApi, okResponse } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { SignedIn } from '@/testing/signed-in';
import { SupportPage } from './support-page';

describe('support page', () => {
  it('shows the channel, email, quick help and hours from the content file', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/users/profile': () => okResponse(makeUser()) });
    renderRoutes(
      [{ element: <SignedIn />, children: [{ path: '/support', element: <SupportPage /> }] }],
      { at: '/support' },
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Help & Support' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Join Channel/ })).toHaveAttribute(
      'href',
      supportContent.channel.url,
    );
    expect(screen.getByRole('link', { name: supportContent.email.address })).toHaveAttribute(
      'href',
      `mailto:${supportContent.email.address}`,
    );
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
    expect(screen.getByRole('heading', { name: 'Support Hours' }).parentElement).toHaveTextContent(
      /24\/7.*Replies typically within 24 hours/,
    );
  });
});
