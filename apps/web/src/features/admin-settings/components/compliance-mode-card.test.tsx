import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { deferred, failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { makeComplianceStatus, makeShadowRun } from '@/testing/compliance-fixtures';
import { renderRoutes } from '@/testing/render';
import { ComplianceModeCard } from './compliance-mode-card';

const GET = 'GET /api/admin/compliance/status';
const PUT = 'PUT /api/admin/compliance/mode';

function renderCard() {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/admin/settings',
        element: (
          <>
            <ComplianceModeCard />
            <Toaster />
          </>
        ),
      },
    ],
    { at: '/admin/settings' },
  );
}

const shadow = makeComplianceStatus({
  mode: { effective: 'shadow', stored: 'shadow', fromEnvironment: false },
  lastShadowRun: makeShadowRun(),
});
const enforced = makeComplianceStatus({
  mode: { effective: 'enforce', stored: 'enforce', fromEnvironment: false },
  lastShadowRun: makeShadowRun(),
});

describe('compliance mode card', () => {
  it('shows the last shadow run before switching to enforce, then switches when confirmed', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ [GET]: () => okResponse(shadow), [PUT]: () => answer.promise });
    const { user } = renderCard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the compliance mode...');
    expect(await screen.findByText('Shadow')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to enforce' }));

    const dialog = await screen.findByRole('dialog', { name: 'Switch compliance to enforce?' });
    const figures = within(dialog).getByLabelText('Shadow run figures');
    expect(within(figures).getByText('Would lock').nextSibling).toHaveTextContent('3');
    expect(within(figures).getByText('Would forfeit').nextSibling).toHaveTextContent(
      '2(12.50 USDT)',
    );
    // Nothing is sent until the administrator confirms.
    expect(api.calls(PUT)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Enforce compliance' }));
    expect(within(dialog).getByRole('button', { name: /Switching/ })).toBeDisabled();
    expect(api.calls(PUT)[0]!.body).toEqual({ mode: 'enforce' });
    answer.resolve(okResponse(enforced));

    expect(await screen.findByText('Compliance is enforced')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Enforce')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to shadow' })).toBeEnabled();
  });

  it('switches back to shadow after confirming', async () => {
    const api = mockApi({ [GET]: () => okResponse(enforced), [PUT]: () => okResponse(shadow) });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Switch to shadow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch compliance to shadow?' });
    expect(dialog).toHaveTextContent('Running locks stay as they are.');
    await user.click(within(dialog).getByRole('button', { name: 'Switch to shadow' }));
    expect(await screen.findByText('Compliance runs in shadow')).toBeInTheDocument();
    expect(api.calls(PUT)[0]!.body).toEqual({ mode: 'shadow' });
  });

  it('warns when no shadow run shows what enforcing will do; shows a refusal', async () => {
    mockApi({
      [GET]: () => okResponse({ ...shadow, lastShadowRun: null }),
      [PUT]: () =>
        failResponse(
          409,
          'COMPLIANCE_MODE_FROM_ENVIRONMENT',
          'COMPLIANCE_MODE is set in the server environment; change it there.',
        ),
    });
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Switch to enforce' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('No shadow run yet: nothing shows what enforcing will do.');
    await user.click(within(dialog).getByRole('button', { name: 'Enforce compliance' }));
    expect(await within(dialog).findByText(/set in the server environment/)).toBeInTheDocument();
  });

  it('is disabled, saying why, while COMPLIANCE_MODE is set in the environment', async () => {
    mockApi({
      [GET]: () =>
        okResponse({
          ...shadow,
          mode: { effective: 'enforce', stored: 'shadow', fromEnvironment: true },
        }),
    });
    renderCard();
    expect(await screen.findByRole('button', { name: 'Switch to shadow' })).toBeDisabled();
    expect(
      screen.getByText(
        'Set by COMPLIANCE_MODE=enforce in the server environment, which wins over this setting: change it there.',
      ),
    ).toBeInTheDocument();
  });

  it('offers Retry when loading fails', async () => {
    let fail = true;
    mockApi({
      [GET]: () => (fail ? failResponse(500, 'INTERNAL_SERVER_ERROR') : okResponse(shadow)),
    });
    const { user } = renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('server error, try later');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Shadow')).toBeInTheDocument();
  });
});
