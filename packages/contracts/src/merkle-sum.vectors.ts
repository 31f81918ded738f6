import type { InclusionClaim } from './merkle-sum';

/**
 * Fixed vectors of the Merkle sum tree, computed apart from our code (Python's hashlib, from the
 * rule in docs/proof.md): three leaves, so the third is paired with the zero leaf. The contracts'
 * tests check them with @noble/hashes and Web Crypto, the server's with node:crypto.
 */
export const MERKLE_VECTORS = {
  emptyHash: '2e1cfa82b035c26cbbbdae632cea070514eb8b773f616aaeaf668e2f0be8f10d',
  leaves: [
    {
      salt: 'a1f0',
      userId: 'CTN10001',
      amountMicro: 1_500_000n,
      hash: 'fcc3a44808a95f073846c9cff349717ed7de526c8a3852354b2d9726d1375dbe',
    },
    {
      salt: '9b2e',
      userId: 'CTN10002',
      amountMicro: 250n,
      hash: '584777d3efb5ea8eceef2544e516c447735088051bc8c0c27657ca350e9bee8c',
    },
    {
      salt: '77c3',
      userId: 'CTN10003',
      amountMicro: 0n,
      hash: '2694c04eb59c904f1dc8324b5227069b8f83ea56cd3e8bb9d8a6c5d4d3dc3cdd',
    },
  ],
  root: '0ec985eb34cc01a1a84316d0a6ead57322aa5eb91b315696a53318dca8bedfaf',
  totalMicro: '1500250',
} as const;

/** The second leaf's proof, as GET /api/users/proof answers it. */
export const MERKLE_VECTOR_CLAIM: InclusionClaim & { userId: string } = {
  userId: 'CTN10002',
  root: MERKLE_VECTORS.root,
  leaf: {
    hash: MERKLE_VECTORS.leaves[1].hash,
    salt: '9b2e',
    balanceMicroUsdt: '250',
  },
  path: [
    { side: 'left', hash: MERKLE_VECTORS.leaves[0].hash, sumMicroUsdt: '1500000' },
    {
      side: 'right',
      hash: '86da56d82d07ba9da99402b3f3463c8e9c45477b2e02249abdab3d3760ea573d',
      sumMicroUsdt: '0',
    },
  ],
};
