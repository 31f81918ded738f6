import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { EarningsDisclosurePage } from './earnings-disclosure-page';

const render = () =>
  renderRoutes([{ path: '/earnings-disclosure', element: <EarningsDisclosurePage /> }], {
    at: '/earnings-disclosure',
  });

describe('earnings disclosure page', () => {
  it('shows each window’s figures in USDT, with the share that earned nothing', async () => {
    mockApi({
      'GET /api/public/earnings-disclosure': () =>
        okResponse({
          day: '2026-11-26',
          builtAt: '2026-11-26T00:20:00.000Z',
          windows: [
            {
              days: 30,
              members: 200,
              earnedNothing: 150,
              medianMicro: '0',
              p90Micro: '12500000',
              top1ThresholdMicro: '250000000',
              top1AverageMicro: '312340000',
              rewardsMicro: '1500000000',
              feesPaidMicro: '2000000000',
            },
            {
              days: 365,
              members: 1200,
              earnedNothing: 700,
              medianMicro: '0',
              p90Micro: '85000000',
              top1ThresholdMicro: '1500000000',
              top1AverageMicro: '2100000000',
              rewardsMicro: '90000000000',
              feesPaidMicro: '110000000000',
            },
          ],
        }),
    });
    render();
    const month = (await screen.findByRole('heading', { name: 'Last 30 days' })).closest('div')!;
    const figure = (label: string) => within(month).getByText(label).nextElementSibling;
    expect(figure('Members counted')).toHaveTextContent('200');
    expect(figure('Earned nothing')).toHaveTextContent('150 (75%)');
    expect(figure('Median member earned')).toHaveTextContent('0.00 USDT');
    expect(figure('90th percentile earned')).toHaveTextContent('12.50 USDT');
    expect(figure('Top 1% earned on average')).toHaveTextContent('312.34 USDT');
    expect(figure('Fees members paid')).toHaveTextContent('2,000.00 USDT');
    expect(screen.getByRole('heading', { name: 'Last 365 days' })).toBeVisible();
    expect(screen.getByText(/Figures as of/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Risk Disclosure' })).toHaveAttribute('href', '/risk');
  });

  it('says when no figures have been built yet, instead of showing zeros', async () => {
    mockApi({});
    render();
    expect(await screen.findByText('The first figures are not built yet')).toBeVisible();
    expect(screen.queryByText('0.00 USDT')).toBeNull();
  });
});
