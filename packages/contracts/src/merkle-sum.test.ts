import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leafText,
  pathOf,
  treeLevels,
  verifyInclusion,
  webSha256Hex,
  type InclusionClaim,
  type SumNode,
} from './merkle-sum';
import { MERKLE_VECTOR_CLAIM, MERKLE_VECTORS } from './merkle-sum.vectors';

// A synchronous SHA-256 as the server's (contracts may not import node:crypto; the server's own
// tests build with it).
const syncSha256 = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

function build(leaves: { salt: string; userId: string; amountMicro: bigint }[]) {
  const nodes: SumNode[] = leaves.map((leaf) => ({
    hash: syncSha256(leafText(leaf)),
    sum: leaf.amountMicro,
  }));
  const levels = treeLevels(nodes, syncSha256);
  const empty = { hash: syncSha256('empty'), sum: 0n };
  const root = levels[levels.length - 1]![0]!;
  const claims = leaves.map((leaf, i): InclusionClaim => ({
    root: root.hash,
    leaf: { hash: nodes[i]!.hash, salt: leaf.salt, balanceMicroUsdt: String(leaf.amountMicro) },
    path: pathOf(levels, i, empty),
  }));
  return { root, claims };
}

describe('the fixed vectors', () => {
  const { leaves } = MERKLE_VECTORS;

  it('builds the published root, total and paths with a synchronous SHA-256', () => {
    expect(syncSha256('empty')).toBe(MERKLE_VECTORS.emptyHash);
    const { root, claims } = build([...leaves]);
    expect(claims.map((c) => c.leaf.hash)).toEqual(leaves.map((l) => l.hash));
    expect(root.hash).toBe(MERKLE_VECTORS.root);
    expect(String(root.sum)).toBe(MERKLE_VECTORS.totalMicro);
    const { userId: _userId, ...claim } = MERKLE_VECTOR_CLAIM;
    expect(claims[1]).toEqual(claim);
  });

  it('verifies the vector claim with a synchronous SHA-256 and with Web Crypto alike', async () => {
    const { userId } = MERKLE_VECTOR_CLAIM;
    for (const sha256 of [syncSha256, webSha256Hex]) {
      const result = await verifyInclusion(MERKLE_VECTOR_CLAIM, userId, sha256, '1500250');
      expect(result).toEqual({ ok: true, root: { hash: MERKLE_VECTORS.root, sum: 1_500_250n } });
    }
  });

  it('a tree of one leaf is that leaf; of none, the zero leaf', () => {
    const one = build([leaves[0]]);
    expect(one.root.hash).toBe(leaves[0].hash);
    expect(one.claims[0]!.path).toEqual([]);
    expect(build([]).root).toEqual({ hash: MERKLE_VECTORS.emptyHash, sum: 0n });
  });
});

const leafArb = fc.record({
  salt: fc.stringMatching(/^[0-9a-f]{8,32}$/),
  userId: fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
  amountMicro: fc.bigInt({ min: 0n, max: 10n ** 15n }),
});
const treeArb = fc
  .uniqueArray(leafArb, { minLength: 1, maxLength: 40, selector: (l) => l.userId })
  .chain((leaves) => fc.tuple(fc.constant(leaves), fc.nat({ max: leaves.length - 1 })));

describe('every tree (properties)', () => {
  it("every leaf's path verifies to the root, whose sum is the total", async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, async ([leaves]) => {
        const { root, claims } = build(leaves);
        expect(root.sum).toBe(leaves.reduce((sum, l) => sum + l.amountMicro, 0n));
        for (const [i, claim] of claims.entries()) {
          const result = await verifyInclusion(
            claim,
            leaves[i]!.userId,
            syncSha256,
            String(root.sum),
          );
          expect(result.ok).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a changed balance, salt, user, sibling, sibling sum or side fails', async () => {
    await fc.assert(
      fc.asyncProperty(treeArb, fc.nat(), async ([leaves, i], pick) => {
        const { claims } = build(leaves);
        const claim = claims[i]!;
        const userId = leaves[i]!.userId;
        const tampered: [InclusionClaim, string][] = [
          [
            {
              ...claim,
              leaf: { ...claim.leaf, balanceMicroUsdt: String(leaves[i]!.amountMicro + 1n) },
            },
            userId,
          ],
          [{ ...claim, leaf: { ...claim.leaf, salt: `${claim.leaf.salt}0` } }, userId],
          [claim, `${userId}x`],
        ];
        if (claim.path.length > 0) {
          const at = pick % claim.path.length;
          const step = claim.path[at]!;
          const withStep = (changed: typeof step) =>
            claim.path.map((s, j) => (j === at ? changed : s));
          const flipped = step.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
          tampered.push(
            [{ ...claim, path: withStep({ ...step, hash: flipped }) }, userId],
            [
              {
                ...claim,
                path: withStep({ ...step, sumMicroUsdt: String(BigInt(step.sumMicroUsdt) + 1n) }),
              },
              userId,
            ],
            [
              {
                ...claim,
                path: withStep({ ...step, side: step.side === 'left' ? 'right' : 'left' }),
              },
              userId,
            ],
          );
        }
        for (const [changed, who] of tampered)
          expect((await verifyInclusion(changed, who, syncSha256)).ok).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('a sum that is not a whole non-negative decimal is refused', async () => {
    const claim = {
      ...MERKLE_VECTOR_CLAIM,
      leaf: { ...MERKLE_VECTOR_CLAIM.leaf, balanceMicroUsdt: '-1' },
    };
    expect(await verifyInclusion(claim, 'CTN10002', syncSha256)).toEqual({
      ok: false,
      reason: 'BAD_SUM',
    });
  });
});
