import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse, TEST_OPERATOR } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { PrivacyPage, RiskPage, TermsPage } from './legal-page';

const BODY = `Read this first.

## Your account
Keep your password to yourself.

You link one BingX account.

## Risk

You can lose money.`;

describe('legal pages', () => {
  it('Terms and Privacy name the operator and their effective date', async () => {
    mockApi({});
    renderRoutes([{ path: '/terms', element: <TermsPage /> }], { at: '/terms' });
    const operator = await screen.findByTestId('operator-details');
    expect(operator).toHaveTextContent(
      'Operated by Test Operator Ltd, 1 Test Street, Testville, registered in Seychelles. Governed by the laws of Seychelles.',
    );
    expect(operator).toHaveTextContent('Effective Dec 1, 2026');
  });

  it('say the operator is not published yet rather than inventing one', async () => {
    mockApi({
      'GET /api/public/operator': () =>
        okResponse({
          ...TEST_OPERATOR,
          legalName: null,
          address: null,
          jurisdiction: null,
          legalEffectiveDate: null,
        }),
    });
    renderRoutes([{ path: '/privacy', element: <PrivacyPage /> }], { at: '/privacy' });
    const operator = await screen.findByTestId('operator-details');
    expect(operator).toHaveTextContent('Operator details not published yet.');
    expect(operator).toHaveTextContent('Effective date not published yet.');
  });

  it.each([
    ['/terms', 'terms', <TermsPage key="t" />, 'Terms of Service'],
    ['/privacy', 'privacy', <PrivacyPage key="p" />, 'Privacy Policy'],
    ['/risk', 'risk', <RiskPage key="r" />, 'Risk Disclosure'],
  ])(
    '%s shows the text administrators saved, with numbered sections and its date',
    async (path, document, element, title) => {
      mockApi({
        [`GET /api/public/legal/${document}`]: () =>
          okResponse({ document, title, body: BODY, updatedAt: '2026-11-20T10:00:00.000Z' }),
      });
      renderRoutes([{ path, element }], { at: path });
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { level: 2, name: '1. Your account' }),
      ).toBeVisible();
      expect(screen.getByRole('heading', { level: 2, name: '2. Risk' })).toBeVisible();
      expect(screen.getByText('Read this first.')).toBeVisible();
      expect(screen.getByText('You link one BingX account.')).toBeVisible();
      expect(screen.getByText(/Last updated/)).toHaveTextContent('Nov 20, 2026');
    },
  );

  it('shows no date for the built-in text, and a retry when the text cannot be read', async () => {
    let fail = true;
    mockApi({
      'GET /api/public/legal/terms': () =>
        fail
          ? failResponse(500, 'INTERNAL_ERROR')
          : okResponse({
              document: 'terms',
              title: 'Terms of Service',
              body: BODY,
              updatedAt: null,
            }),
    });
    const { user } = renderRoutes([{ path: '/terms', element: <TermsPage /> }], { at: '/terms' });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('You can lose money.')).toBeVisible();
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });
});
