import { MERKLE_VECTOR_CLAIM, MERKLE_VECTORS } from '@ctn/contracts/merkle-sum.vectors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failResponse, mockApi, okResponse } from '@/testing/api-mock';
import { renderRoutes } from '@/testing/render';
import { ProofCard } from './proof-card';

const { userId, ...claim } = MERKLE_VECTOR_CLAIM;
const PROOF = { ...claim, builtAt: '2026-11-28T00:10:00.000Z' };
const LATEST = {
  root: MERKLE_VECTORS.root,
  totalMicroUsdt: MERKLE_VECTORS.totalMicro,
  leafCount: 3,
  builtAt: PROOF.builtAt,
  holdings: null,
};

function renderCard(proof: () => Response) {
  mockApi({
    'GET /api/users/proof': proof,
    'GET /api/proof/latest': () => okResponse(LATEST),
  });
  renderRoutes([{ path: '/dashboard', element: <ProofCard userId={userId} /> }], {
    at: '/dashboard',
  });
}

describe('"Your balance in the proof"', () => {
  it('verifies the fixed vector in the browser (Web Crypto) up to the published root', async () => {
    renderCard(() => okResponse(PROOF));
    expect(await screen.findByText('0.00025 USDT')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Verified: your balance of 0.00025 USDT is included in root 0ec985eb34cc…',
      ),
    ).toBeVisible();
  });

  it('says so clearly when the balance was changed', async () => {
    renderCard(() => okResponse({ ...PROOF, leaf: { ...PROOF.leaf, balanceMicroUsdt: '251' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Not verified: your leaf is not the hash of your salt, user ID and amount.',
      ),
    ).toBeVisible();
  });

  it('says so when a sibling was changed', async () => {
    const [first, second] = PROOF.path;
    renderCard(() => okResponse({ ...PROOF, path: [first, { ...second!, sumMicroUsdt: '1' }] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'Not verified: climbing the path does not lead to the published root.',
      ),
    ).toBeVisible();
  });

  it('before a build includes the member, and when the proof cannot be read', async () => {
    renderCard(() => okResponse(null));
    expect(await screen.findByText('No proof includes you yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });

  it('offers a retry when the proof cannot be read', async () => {
    renderCard(() => failResponse(500, 'INTERNAL_SERVER_ERROR'));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});
