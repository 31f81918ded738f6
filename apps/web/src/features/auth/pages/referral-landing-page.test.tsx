import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, Stub } from '@/testing/render';
import { ReferralLandingPage } from './referral-landing-page';

describe('referral landing page', () => {
  it('stores the code for this tab and replaces the entry with the landing page', async () => {
    const { router } = renderRoutes(
      [
        { path: '/ref/:refCode', element: <ReferralLandingPage /> },
        { path: '/', element: <Stub name="Landing stub" /> },
      ],
      { at: '/ref/AB3CD7EF' },
    );
    expect(await screen.findByRole('heading', { name: 'Landing stub' })).toBeInTheDocument();
    expect(sessionStorage.getItem('referralCode')).toBe('AB3CD7EF');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
