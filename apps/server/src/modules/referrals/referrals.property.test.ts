import { USER_STATUSES, type UserStatus } from '@ctn/contracts/constants';
import {
  referralHistoryQuerySchema,
  type ReferralTreeChildrenResponse,
  type ReferralTreeNode,
  type ReferralTreeResponse,
} from '@ctn/contracts/referrals';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  buildNetwork,
  closureOf,
  naiveClosure,
  referrers,
  type BuiltMember,
  type BuiltNetwork,
  type MemberSpec,
} from './referrals.fixtures';
import { ReferralsService } from './referrals.service';

/**
 * Properties on random networks (fast-check), against oracles that know nothing of SQL: the
 * closure table equals a walk of `referred_by` capped at 15 levels; the tree, rebuilt through
 * lazy loading under tiny caps, has the right members, levels, order and counts; history pages
 * cover every referral exactly once. The suite runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */

const RUNS = Number(process.env['FC_RUNS'] ?? 40);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const memberArb = fc.record({
  pick: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
  deepen: fc.integer({ min: 0, max: 9 }),
  status: fc.constantFrom(...USER_STATUSES),
  linked: fc.boolean(),
  paid: fc.boolean(),
  // Few distinct values: many members join "at the same time", which tests the tie-break by id.
  joinedAt: fc.integer({ min: 0, max: 6 }),
});

/** A random shape: `bias` 0 is a bushy random tree, 10 a single chain deeper than 15 levels. */
const networkArb = fc
  .record({
    bias: fc.integer({ min: 0, max: 10 }),
    members: fc.array(memberArb, { minLength: 0, maxLength: 24 }),
  })
  .map(({ bias, members }): MemberSpec[] =>
    members.map((m, i) => ({
      // Index i in [viewer, ...members] is the previous member: deepen the chain.
      parent: m.deepen < bias ? i : Math.floor(m.pick * (i + 1)),
      status: m.status,
      linked: m.linked,
      paid: m.paid,
      joinedAt: m.joinedAt,
    })),
  );

const viewArb = fc.record({
  maxLevels: fc.integer({ min: 1, max: 15 }),
  nodeLimit: fc.integer({ min: 1, max: 12 }),
  childrenPageSize: fc.integer({ min: 1, max: 5 }),
  limit: fc.integer({ min: 1, max: 7 }),
  level: fc.option(fc.integer({ min: 1, max: 15 }), { nil: undefined }),
  status: fc.option(fc.constantFrom(...USER_STATUSES), { nil: undefined }),
});

// --------------------------------------------------------------------------------- oracle

/** Newest first, ties by id descending: the history order. */
const newestFirst = (a: BuiltMember, b: BuiltMember) =>
  b.joinedAt - a.joinedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
/** Oldest first, ties by id: the order of children in the tree. */
const oldestFirst = (a: BuiltMember, b: BuiltMember) => -newestFirst(a, b);

function oracle(net: BuiltNetwork, maxLevels: number) {
  const visible = net.members.filter((m) => m.level <= Math.min(15, maxLevels));
  const idOf = (index: number) => (index === 0 ? net.viewer.id : net.members[index - 1]!.id);
  const parentOf = new Map(net.members.map((m) => [m.id, idOf(m.parent)]));
  const childrenOf = (id: string) => net.members.filter((m) => parentOf.get(m.id) === id);
  const below = (id: string): BuiltMember[] => childrenOf(id).flatMap((c) => [c, ...below(c.id)]);
  return { visible, parentOf, childrenOf, below };
}

// ------------------------------------------------------------------------------- helpers

const flatten = (nodes: ReferralTreeNode[]): ReferralTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** Loads every missing child the way the page does: `parentId` + `offset` until complete. */
async function completeTree(
  service: ReferralsService,
  viewerId: string,
  first: ReferralTreeResponse,
  caps: { nodeLimit: number; childrenPageSize: number },
): Promise<{ roots: ReferralTreeNode[]; requests: number }> {
  const { maxLevels } = first;
  let requests = 0;
  const checkAnswer = (nodes: ReferralTreeNode[], count: number) => {
    expect(count).toBeLessThanOrEqual(caps.nodeLimit);
    expect(flatten(nodes)).toHaveLength(count);
    for (const n of [{ children: nodes }, ...flatten(nodes)])
      expect(n.children.length).toBeLessThanOrEqual(caps.childrenPageSize);
  };
  checkAnswer(first.referralTree, first.nodeCount);

  async function fill(list: ReferralTreeNode[], parentId: string, childCount: number) {
    while (list.length < childCount) {
      const more = (await service.tree(viewerId, {
        maxLevels,
        parentId,
        offset: list.length,
      })) as ReferralTreeChildrenResponse;
      requests += 1;
      checkAnswer(more.referralTree, more.nodeCount);
      expect(more.childCount).toBe(childCount);
      // Every request makes progress, so loading always ends.
      expect(more.referralTree.length).toBeGreaterThan(0);
      list.push(...more.referralTree);
    }
    for (const node of list) {
      if (node.level < maxLevels) await fill(node.children, node._id, node.childCount);
    }
  }
  const roots = [...first.referralTree];
  await fill(roots, viewerId, first.statistics.directReferrals);
  return { roots, requests };
}

// ----------------------------------------------------------------------------- properties

describe('referral network properties (random trees)', () => {
  it('closure table = upline walk capped at 15; tree and history agree with the oracle', async () => {
    await fc.assert(
      fc.asyncProperty(networkArb, viewArb, async (specs, view) => {
        const net = await buildNetwork(t, specs, { label: 'prop' });
        const ids = [net.viewer.id, ...net.members.map((m) => m.id)];

        // 1. The closure table equals a naive walk of the upline links, capped at 15.
        expect(await closureOf(t, ids)).toEqual(naiveClosure(await referrers(t), ids));

        // 2. The tree, completed through lazy loading under tiny caps.
        const service = new ReferralsService(t.database.db, {
          nodeLimit: view.nodeLimit,
          childrenPageSize: view.childrenPageSize,
        });
        const o = oracle(net, view.maxLevels);
        const first = (await service.tree(net.viewer.id, {
          maxLevels: view.maxLevels,
          offset: 0,
        })) as ReferralTreeResponse;
        const { roots } = await completeTree(service, net.viewer.id, first, view);
        const nodes = flatten(roots);

        expect(nodes.map((n) => n._id).sort()).toEqual(o.visible.map((m) => m.id).sort());
        const parentInTree = new Map<string, string>();
        const walk = (list: ReferralTreeNode[], parentId: string) => {
          // Siblings are in join order, ties by id.
          const expected = o
            .childrenOf(parentId)
            .filter((m) => m.level <= view.maxLevels)
            .sort(oldestFirst)
            .map((m) => m.id);
          expect(list.map((n) => n._id)).toEqual(expected);
          for (const n of list) {
            parentInTree.set(n._id, parentId);
            walk(n.children, n._id);
          }
        };
        walk(roots, net.viewer.id);
        for (const node of nodes) {
          const member = net.members.find((m) => m.id === node._id)!;
          expect(node.level).toBe(member.level);
          expect(parentInTree.get(node._id)).toBe(o.parentOf.get(node._id));
          const direct = node.level < 15 ? o.childrenOf(node._id).length : 0;
          expect(node.childCount).toBe(direct);
          expect(node.hasChildren).toBe(direct > 0);
          expect(node.totalDescendants).toBe(
            o.below(node._id).filter((m) => m.level <= view.maxLevels).length,
          );
          expect(node.totalRewards).toBe(0);
        }

        // Counts per level and the statistics.
        const perLevel = (list: { level: number }[]) =>
          list.reduce<Record<number, number>>(
            (acc, n) => ({ ...acc, [n.level]: (acc[n.level] ?? 0) + 1 }),
            {},
          );
        expect(perLevel(nodes)).toEqual(perLevel(o.visible));
        const direct = o.visible.filter((m) => m.level === 1).length;
        expect(first.statistics).toEqual({
          totalReferrals: o.visible.length,
          directReferrals: direct,
          indirectReferrals: o.visible.length - direct,
          maxDepthReached: Math.max(0, ...o.visible.map((m) => m.level)),
          totalEarningsFromTree: 0,
          averageEarningsPerReferral: 0,
        });

        // 3. History pages cover every matching referral exactly once, newest first.
        const query = referralHistoryQuerySchema.parse({
          limit: view.limit,
          level: view.level,
          status: view.status,
          maxLevel: view.maxLevels,
        });
        const expected = o.visible
          .filter((m) => view.level === undefined || m.level === view.level)
          .filter((m) => view.status === undefined || m.status === view.status)
          .sort(newestFirst);
        const seen: string[] = [];
        let page = 1;
        let totalPages: number;
        do {
          const answer = await service.history(net.viewer.id, { ...query, page });
          totalPages = answer.pagination.totalPages;
          expect(answer.pagination).toEqual({
            currentPage: page,
            totalPages: Math.ceil(expected.length / view.limit),
            totalRecords: expected.length,
            limit: view.limit,
            hasNextPage: page < totalPages,
            hasPrevPage: page > 1,
          });
          expect(answer.referrals.length).toBeLessThanOrEqual(view.limit);
          for (const r of answer.referrals) {
            const member = net.members.find((m) => m.id === r._id)!;
            expect(r).toMatchObject({
              level: member.level,
              status: member.status,
              bingxLinked: member.linked,
              subscriptionPaid: member.paid,
            });
          }
          seen.push(...answer.referrals.map((r) => r._id));
          expect(answer.statistics).toEqual({
            totalReferrals: o.visible.length,
            activeReferrals: o.visible.filter((m) => m.status === ('ACTIVE' as UserStatus)).length,
            bingxLinked: o.visible.filter((m) => m.linked).length,
            paidSubscriptions: o.visible.filter((m) => m.paid).length,
          });
          page += 1;
        } while (page <= totalPages);
        expect(seen).toEqual(expected.map((m) => m.id));
        expect(new Set(seen).size).toBe(seen.length);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
