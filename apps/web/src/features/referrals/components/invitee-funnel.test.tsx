import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { stepWord } from '../lib/funnel';
import { InviteeFunnel } from './invitee-funnel';

const step = (reached: boolean | null, at: string | null = null) => ({ reached, at });

describe('the invitee funnel', () => {
  it('reads an unknown stage as Unknown, never as No', () => {
    expect(stepWord(step(null))).toBe('Unknown');
    expect(stepWord(step(false))).toBe('No');
    expect(stepWord(step(true, '2025-01-05T10:00:00.000Z'))).toBe('Yes');
  });

  it('shows the counts per stage, each invitee with dates and earnings', async () => {
    mockApi({
      'GET /api/users/referrals/funnel': () =>
        okResponse({
          summary: {
            invitees: 2,
            registered: 2,
            verified: 1,
            paid: 1,
            linked: 1,
            trading: 0,
            tradingUnknown: 1,
          },
          invitees: [
            {
              _id: 'a',
              name: 'Paula Linked',
              earned: 2.5,
              stages: {
                registered: step(true, '2025-01-02T10:00:00.000Z'),
                verified: step(true, '2025-01-02T11:00:00.000Z'),
                paid: step(true, '2025-01-05T10:00:00.000Z'),
                linked: step(true, '2025-01-06T10:00:00.000Z'),
                trading: step(null),
              },
            },
          ],
          pagination: {
            currentPage: 1,
            totalPages: 1,
            totalRecords: 2,
            limit: 20,
            hasNextPage: false,
            hasPrevPage: false,
          },
        }),
    });
    renderRoutes([{ path: '/referrals', element: <InviteeFunnel /> }], { at: '/referrals' });
    const stages = await screen.findByRole('list', { name: 'Invitees per stage' });
    expect(within(stages).getByText('1 unknown')).toBeInTheDocument();
    const [invitee] = within(screen.getByRole('list', { name: 'Invitees' })).getAllByRole(
      'listitem',
    );
    expect(invitee).toHaveTextContent('Paula Linked');
    expect(invitee).toHaveTextContent('Earned 2.50 USDT');
    expect(invitee).toHaveTextContent('Paid');
    expect(invitee).toHaveTextContent('Jan 5, 2025');
    expect(invitee).toHaveTextContent('TradingUnknown');
  });
});
