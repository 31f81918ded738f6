/**
 * The Merkle sum tree of the proof of liabilities and of reward cycles (docs/decisions/048,
 * docs/proof.md): one algorithm for the server that builds it (node:crypto) and the browser or a
 * member's script that checks it (Web Crypto), each passing its own SHA-256. Free of zod and of
 * any runtime: only the texts hashed and how nodes combine are defined here.
 *
 * Hashes are lower-case hex SHA-256 of UTF-8 text; sums are non-negative whole micro-USDT in
 * decimal. A leaf is `sha256("leaf:" + salt + ":" + userId + ":" + amount)` with the amount as its
 * sum; a parent of (l, r) is `sha256("node:" + l.hash + ":" + l.sum + ":" + r.hash + ":" + r.sum)`
 * with sum l.sum + r.sum; a level of odd length pairs its last node with the zero leaf
 * (`sha256("empty")`, sum 0). A tree of one leaf is that leaf; a tree of none is the zero leaf.
 */

/** SHA-256 of UTF-8 text as lower-case hex; synchronous (node:crypto) or not (Web Crypto). */
export type Sha256Hex = (text: string) => string | Promise<string>;

export interface SumNode {
  hash: string;
  /** Micro-USDT, a non-negative whole number. */
  sum: bigint;
}

/** One step up from a leaf: the sibling and on which side of the path it sits. */
export interface PathStep {
  side: 'left' | 'right';
  hash: string;
  /** Micro-USDT in decimal. */
  sumMicroUsdt: string;
}

export interface LeafInput {
  salt: string;
  userId: string;
  amountMicro: bigint;
}

export const EMPTY_TEXT = 'empty';

const DECIMAL = /^(0|[1-9][0-9]*)$/;

function decimal(amount: bigint): string {
  if (amount < 0n) throw new RangeError('a sum in the tree cannot be negative');
  return amount.toString();
}

/** The text a leaf's hash is taken of. */
export function leafText(leaf: LeafInput): string {
  return `leaf:${leaf.salt}:${leaf.userId}:${decimal(leaf.amountMicro)}`;
}

/** The text a parent's hash is taken of. */
export function nodeText(left: SumNode, right: SumNode): string {
  return `node:${left.hash}:${decimal(left.sum)}:${right.hash}:${decimal(right.sum)}`;
}

/** Reads a decimal micro-USDT sum; null for anything else (a sign, a fraction, spaces). */
export function parseSum(text: string): bigint | null {
  return DECIMAL.test(text) ? BigInt(text) : null;
}

/** The levels of a tree, leaves first and the root's level last (synchronous hash: servers). */
export function treeLevels(leaves: readonly SumNode[], sha256: (text: string) => string) {
  const empty: SumNode = { hash: sha256(EMPTY_TEXT), sum: 0n };
  const levels: SumNode[][] = [leaves.length === 0 ? [empty] : [...leaves]];
  for (let level = levels[0]!; level.length > 1; level = levels[levels.length - 1]!) {
    const parents: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1] ?? empty;
      parents.push({ hash: sha256(nodeText(left, right)), sum: left.sum + right.sum });
    }
    levels.push(parents);
  }
  return levels;
}

/** The path of the leaf at `position` (0-based) up to the root, read off the tree's levels. */
export function pathOf(levels: readonly SumNode[][], position: number, empty: SumNode): PathStep[] {
  const path: PathStep[] = [];
  let index = position;
  for (const level of levels.slice(0, -1)) {
    const siblingIndex = index ^ 1;
    const sibling = level[siblingIndex] ?? empty;
    path.push({
      side: siblingIndex < index ? 'left' : 'right',
      hash: sibling.hash,
      sumMicroUsdt: decimal(sibling.sum),
    });
    index >>= 1;
  }
  return path;
}

export type Verification =
  | { ok: true; root: SumNode }
  | { ok: false; reason: 'BAD_SUM' | 'LEAF_MISMATCH' | 'ROOT_MISMATCH'; computedRoot?: string };

export interface InclusionClaim {
  root: string;
  leaf: { hash: string; salt: string; balanceMicroUsdt: string };
  path: readonly PathStep[];
}

/**
 * Checks that a member's leaf (salt, their userId and amount) hashes to the leaf given and that
 * climbing its path reaches the published root. `expectedTotal`, when given, must be the root's
 * sum too.
 */
export async function verifyInclusion(
  claim: InclusionClaim,
  userId: string,
  sha256: Sha256Hex,
  expectedTotal?: string,
): Promise<Verification> {
  const amount = parseSum(claim.leaf.balanceMicroUsdt);
  if (amount === null) return { ok: false, reason: 'BAD_SUM' };
  const leafHash = await sha256(leafText({ salt: claim.leaf.salt, userId, amountMicro: amount }));
  if (leafHash !== claim.leaf.hash) return { ok: false, reason: 'LEAF_MISMATCH' };
  let node: SumNode = { hash: leafHash, sum: amount };
  for (const step of claim.path) {
    const sum = parseSum(step.sumMicroUsdt);
    if (sum === null) return { ok: false, reason: 'BAD_SUM' };
    const sibling: SumNode = { hash: step.hash, sum };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256(nodeText(left, right)), sum: left.sum + right.sum };
  }
  if (node.hash !== claim.root)
    return { ok: false, reason: 'ROOT_MISMATCH', computedRoot: node.hash };
  if (expectedTotal !== undefined && parseSum(expectedTotal) !== node.sum)
    return { ok: false, reason: 'ROOT_MISMATCH', computedRoot: node.hash };
  return { ok: true, root: node };
}

/** Web Crypto's SHA-256 (browsers, Node 20+): the hash members' own checks use. */
export async function webSha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
