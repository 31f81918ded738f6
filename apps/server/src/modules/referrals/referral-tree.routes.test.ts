import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/test-app';
import {
  buildNetwork,
  flatten,
  referralCalls,
  SMALL,
  type BuiltNetwork,
  type MemberSpec,
} from './referrals.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { tree, children, history } = referralCalls(() => t);

describe('GET /api/users/referral-tree', () => {
  let net: BuiltNetwork;
  beforeAll(async () => {
    net = await buildNetwork(t, SMALL);
  });

  it("answers the spec's shape: userInfo, statistics and nested nodes", async () => {
    const answer = await tree(net.viewer.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'OK',
      error: null,
      errorCode: null,
    });
    const data = answer.body.data!;
    expect(data.userInfo).toEqual({
      firstName: 'Viewer',
      lastName: expect.any(String),
      email: net.viewer.email,
      userId: expect.stringMatching(/^CT\d{7}$/),
    });
    expect(data.statistics).toEqual({
      totalReferrals: 4,
      directReferrals: 2,
      indirectReferrals: 2,
      maxDepthReached: 3,
      totalEarningsFromTree: 0,
      averageEarningsPerReferral: 0,
    });
    expect(data).toMatchObject({
      maxLevels: 15,
      nodeLimit: 200,
      childrenPageSize: 20,
      nodeCount: 4,
    });
    const [alice, dan] = data.referralTree;
    expect(Object.keys(alice!).sort()).toEqual(
      [
        '_id',
        'userId',
        'firstName',
        'lastName',
        'email',
        'level',
        'totalRewards',
        'totalDescendants',
        'hasChildren',
        'children',
        'childCount',
      ].sort(),
    );
    expect(alice).toMatchObject({
      _id: net.members[0]!.id,
      firstName: 'Alice',
      level: 1,
      totalRewards: 0,
      totalDescendants: 2,
      hasChildren: true,
      childCount: 1,
    });
    expect(alice!.children[0]).toMatchObject({ firstName: 'Bob', level: 2, totalDescendants: 1 });
    expect(alice!.children[0]!.children[0]).toMatchObject({
      firstName: 'Carol',
      level: 3,
      hasChildren: false,
      children: [],
    });
    expect(dan).toMatchObject({ firstName: 'Dan', hasChildren: false, totalDescendants: 0 });
  });

  it('cuts the tree and its counts at maxLevels', async () => {
    const data = (await tree(net.viewer.token, '?maxLevels=2')).body.data!;
    expect(data.statistics).toMatchObject({ totalReferrals: 3, maxDepthReached: 2 });
    const bob = data.referralTree[0]!.children[0]!;
    // Bob has a child, but on level 3: outside this view, so not carried and not counted.
    expect(bob).toMatchObject({ level: 2, hasChildren: true, children: [], totalDescendants: 0 });
  });

  it('refuses maxLevels outside 1..15 with VALIDATION_ERROR', async () => {
    for (const bad of ['0', '16', '-1', '2.5', 'abc']) {
      const answer = await tree(net.viewer.token, `?maxLevels=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body, bad).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
      expect(
        (answer.body.data as unknown as { errors: { field: string }[] }).errors[0]!.field,
      ).toBe('maxLevels');
    }
    expect((await tree(net.viewer.token, '?maxLevels=1')).status).toBe(200);
    expect((await tree(net.viewer.token, '?maxLevels=15')).status).toBe(200);
  });

  it('needs a session', async () => {
    const answer = await call(t.app, 'GET', '/api/users/referral-tree');
    expect(answer.status).toBe(401);
    expect(answer.body.errorCode).toBe('UNAUTHORIZED');
  });

  it('an empty network: zero statistics and no nodes', async () => {
    const lonely = await buildNetwork(t, []);
    const data = (await tree(lonely.viewer.token)).body.data!;
    expect(data.referralTree).toEqual([]);
    expect(data.statistics).toEqual({
      totalReferrals: 0,
      directReferrals: 0,
      indirectReferrals: 0,
      maxDepthReached: 0,
      totalEarningsFromTree: 0,
      averageEarningsPerReferral: 0,
    });
  });

  it('searches names, emails and IDs, answering matches with their uplines', async () => {
    const data = (await tree(net.viewer.token, '?search=caro')).body.data!;
    expect(data.search).toBe('caro');
    expect(data.searchTruncated).toBe(false);
    const nodes = flatten(data.referralTree);
    expect(nodes.map((n) => [n.firstName, n.matched])).toEqual([
      ['Alice', false],
      ['Bob', false],
      ['Carol', true],
    ]);
    // Counts stay those of the real tree.
    expect(nodes[0]).toMatchObject({ childCount: 1, totalDescendants: 2 });
    const byEmail = (await tree(net.viewer.token, `?search=${net.members[3]!.email}`)).body.data!;
    expect(flatten(byEmail.referralTree).map((n) => n.firstName)).toEqual(['Dan']);
    // Deeper members' emails are masked for members, so a search cannot reveal them either.
    const carol = net.members.find((m) => m.firstName === 'Carol')!;
    expect(carol.level).toBeGreaterThan(1);
    const byDeepEmail = (await tree(net.viewer.token, `?search=${carol.email}`)).body.data!;
    expect(byDeepEmail.referralTree).toEqual([]);
    const whole = flatten((await tree(net.viewer.token, '')).body.data!.referralTree);
    for (const node of whole) {
      const member = net.members.find((m) => m.id === node._id)!;
      expect(node.email).toBe(
        node.level === 1
          ? member.email
          : `${member.email[0]}***${member.email.split('@')[0]!.at(-1)}@example.com`,
      );
    }
    const none = (await tree(net.viewer.token, '?search=%25_nobody')).body.data!;
    expect(none.referralTree).toEqual([]);
    // Statistics are the network's, whatever the search.
    expect(none.statistics.totalReferrals).toBe(4);
  });

  it('refuses search together with parentId', async () => {
    const answer = await tree(net.viewer.token, `?parentId=${net.members[0]!.id}&search=x`);
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
  });
});

describe('lazy loading of large networks', () => {
  let wide: BuiltNetwork;
  beforeAll(async () => {
    // 25 direct referrals, the first of which has 3 of its own.
    const specs: MemberSpec[] = Array.from({ length: 25 }, () => ({ parent: 0 }));
    specs.push({ parent: 1 }, { parent: 1 }, { parent: 1 });
    wide = await buildNetwork(t, specs);
  });

  it('carries at most 20 children of a member; the rest come with parentId and offset', async () => {
    const first = (await tree(wide.viewer.token)).body.data!;
    expect(first.statistics.directReferrals).toBe(25);
    expect(first.referralTree).toHaveLength(20);
    expect(first.referralTree.map((n) => n._id)).toEqual(
      wide.members.slice(0, 20).map((m) => m.id),
    );
    expect(first.referralTree[0]!.children).toHaveLength(3);

    const rest = await children(wide.viewer.token, `?parentId=${wide.viewer.id}&offset=20`);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({
      parentId: wide.viewer.id,
      parentLevel: 0,
      offset: 20,
      childCount: 25,
      nodeCount: 5,
    });
    expect(rest.body.data!.referralTree.map((n) => n._id)).toEqual(
      wide.members.slice(20, 25).map((m) => m.id),
    );

    const firstChild = wide.members[0]!.id;
    const below = (await children(wide.viewer.token, `?parentId=${firstChild}`)).body.data!;
    expect(below).toMatchObject({ parentLevel: 1, childCount: 3 });
    expect(below.referralTree.map((n) => n.level)).toEqual([2, 2, 2]);
  });

  it('a member beyond the chosen levels has no children in view', async () => {
    const firstChild = wide.members[0]!.id;
    const answer = (await children(wide.viewer.token, `?parentId=${firstChild}&maxLevels=1`)).body
      .data!;
    expect(answer).toMatchObject({ childCount: 0, referralTree: [] });
  });
});

describe('a member only ever sees their own network', () => {
  let mine: BuiltNetwork;
  let theirs: BuiltNetwork;
  beforeAll(async () => {
    mine = await buildNetwork(t, [{ parent: 0, firstName: 'Mine' }, { parent: 1 }]);
    theirs = await buildNetwork(t, [
      { parent: 0, firstName: 'Secret', lastName: 'Stranger' },
      { parent: 1 },
    ]);
  });

  it("another member's ids answer NOT_FOUND to parentId, exactly like unknown ids", async () => {
    const foreign = [
      theirs.viewer.id,
      theirs.members[0]!.id,
      theirs.members[1]!.id,
      '00000000-0000-4000-8000-000000000000',
    ];
    for (const id of foreign) {
      const answer = await children(mine.viewer.token, `?parentId=${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.body, id).toMatchObject({ success: false, errorCode: 'NOT_FOUND', data: null });
    }
    // The member's own upline (the root) is not their network either.
    const root = await t.services.auth.findByReferralCode(t.rootCode);
    expect((await children(mine.viewer.token, `?parentId=${root!.id}`)).status).toBe(404);
    // ... and the other way round: a member of mine is nothing to the stranger's viewer.
    expect((await children(theirs.viewer.token, `?parentId=${mine.members[0]!.id}`)).status).toBe(
      404,
    );
  });

  it("neither the tree, the search nor the history shows another member's network", async () => {
    const first = (await tree(mine.viewer.token)).body.data!;
    const seen = flatten(first.referralTree).map((n) => n._id);
    expect(seen.sort()).toEqual(mine.members.map((m) => m.id).sort());
    expect((await tree(mine.viewer.token, '?search=Secret')).body.data!.referralTree).toEqual([]);
    const list = (await history(mine.viewer.token, '?limit=100')).body.data!;
    expect(list.referrals.map((r) => r._id).sort()).toEqual(mine.members.map((m) => m.id).sort());
    expect(list.statistics.totalReferrals).toBe(2);
  });

  it('a member in the middle sees only what is below them', async () => {
    const middleToken = await import('./referrals.fixtures').then((f) =>
      f.tokenFor(t, mine.members[0]!.id),
    );
    const data = (await tree(middleToken)).body.data!;
    expect(flatten(data.referralTree).map((n) => [n._id, n.level])).toEqual([
      [mine.members[1]!.id, 1],
    ]);
    expect((await children(middleToken, `?parentId=${mine.viewer.id}`)).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents both calls with the lazy loading parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      paths: Record<string, { get: { parameters: { name: string }[]; description: string } }>;
    }>();
    const treeDoc = doc.paths['/api/users/referral-tree']!.get;
    expect(treeDoc.parameters.map((p) => p.name).sort()).toEqual(
      ['maxLevels', 'offset', 'parentId', 'search'].sort(),
    );
    expect(treeDoc.description).toContain('nodeLimit');
    expect(treeDoc.description).toContain('what the caller earned');
    const historyDoc = doc.paths['/api/users/referrals/history']!.get;
    expect(historyDoc.parameters.map((p) => p.name).sort()).toEqual(
      ['level', 'limit', 'maxLevel', 'page', 'status'].sort(),
    );
  });
});
