import type {
  ReferralTreeChildrenResponse,
  ReferralTreeNode,
  ReferralTreeResponse,
} from '@ctn/contracts/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/session';
import { deferred, failResponse, mockApi, okResponse, type MockRequest } from '@/testing/api-mock';
import { makeUser } from '@/testing/fixtures';
import { createTestQueryClient, renderRoutes, Stub } from '@/testing/render';
import { UserTreePage, type UserTreePageProps } from './user-tree-page';

const member = makeUser({ firstName: 'Ada', lastName: 'Lovelace', userId: 'CT1000234' });

let ids = 0;
function node(
  level: number,
  name: string,
  overrides: Partial<ReferralTreeNode> = {},
): ReferralTreeNode {
  ids += 1;
  const children = overrides.children ?? [];
  return {
    _id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    userId: `CT${2000000 + ids}`,
    firstName: name,
    lastName: 'Tester',
    email: `${name.toLowerCase()}@example.com`,
    level,
    totalRewards: 0,
    totalDescendants: 0,
    hasChildren: children.length > 0,
    childCount: children.length,
    ...overrides,
    children,
  };
}

function answer(
  tree: ReferralTreeNode[],
  overrides: Partial<ReferralTreeResponse> = {},
): ReferralTreeResponse {
  return {
    userInfo: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      userId: 'CT1000234',
    },
    statistics: {
      totalReferrals: 5,
      directReferrals: tree.length,
      indirectReferrals: 5 - tree.length,
      maxDepthReached: 4,
      totalEarningsFromTree: 0,
      averageEarningsPerReferral: 0,
    },
    referralTree: tree,
    maxLevels: 15,
    nodeLimit: 200,
    childrenPageSize: 20,
    nodeCount: 5,
    search: null,
    searchTruncated: false,
    ...overrides,
  };
}

function childrenAnswer(
  parentId: string,
  nodes: ReferralTreeNode[],
  childCount: number,
  offset = 0,
): ReferralTreeChildrenResponse {
  return {
    parentId,
    parentLevel: 0,
    offset,
    childCount,
    referralTree: nodes,
    maxLevels: 15,
    nodeLimit: 200,
    childrenPageSize: 20,
    nodeCount: nodes.length,
  };
}

const params = (r: MockRequest) => Object.fromEntries(r.url.searchParams);

function renderPage(props: UserTreePageProps = {}) {
  localStorage.setItem('token', 'tok');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueryKey, member);
  return renderRoutes(
    [
      { path: '/user-tree', element: <UserTreePage {...props} /> },
      { path: '/referrals', element: <Stub name="Referrals page" /> },
    ],
    { at: '/user-tree', queryClient },
  );
}

/** Bob (L1) > Carol (L2) > Dan (L3, whose child Eve is not carried yet); Zed (L1). */
function sampleTree() {
  const dan = node(3, 'Dan', { hasChildren: true, childCount: 1, totalDescendants: 1 });
  const carol = node(2, 'Carol', { children: [dan], totalDescendants: 2 });
  const bob = node(1, 'Bob', { children: [carol], totalDescendants: 3, totalRewards: 12.5 });
  const zed = node(1, 'Zed');
  return { bob, carol, dan, zed };
}

describe('user tree page', () => {
  it('loads, then shows the stats, the root card and the nodes with their expand rules', async () => {
    const { bob, carol, dan, zed } = sampleTree();
    const gate = deferred<ReferralTreeResponse>();
    const api = mockApi({
      'GET /api/users/referral-tree': (r) =>
        r.url.searchParams.get('parentId')
          ? okResponse(childrenAnswer(dan._id, [node(4, 'Eve')], 1))
          : gate.promise.then((data) => okResponse(data)),
    });
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Referral Tree' })).toBeVisible();
    expect(screen.getByText('Loading your referral tree...')).toBeInTheDocument();
    gate.resolve(answer([bob, zed]));

    expect(await screen.findByText('Your Network Root')).toBeInTheDocument();
    expect(params(api.calls('GET /api/users/referral-tree')[0]!)).toEqual({ maxLevels: '15' });
    for (const label of ['Total Referrals', 'Direct Referrals', 'Max Depth', 'Tree Earnings'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('ID: CT1000234')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search your referrals...')).toBeInTheDocument();

    // Levels 1 and 2 are expanded by default; Dan (L3) is not, and has an expander.
    const tree = screen.getByRole('list', { name: 'Referral tree' });
    expect(within(tree).getByText('Carol Tester')).toBeVisible();
    expect(within(tree).getByText('Dan Tester')).toBeVisible();
    expect(
      within(tree)
        .getAllByText(/^L\d+$/)
        .map((t) => t.textContent),
    ).toEqual(['L1', 'L2', 'L3', 'L1']);
    expect(screen.getByRole('button', { name: 'Collapse Bob Tester' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // No expander without children (Zed).
    expect(screen.queryByRole('button', { name: /Zed Tester/ })).toBeNull();
    const bobItem = within(tree).getByText('Bob Tester').closest('li')!;
    expect(bobItem).toHaveTextContent('bob@example.com');
    expect(bobItem).toHaveTextContent(`ID: ${bob.userId}`);
    expect(bobItem).toHaveTextContent('Network3');
    expect(bobItem).toHaveTextContent('Earnings12.50 USDT');

    // Expanding Dan fetches his children lazily.
    await user.click(screen.getByRole('button', { name: 'Expand Dan Tester' }));
    expect(await screen.findByText('Eve Tester')).toBeVisible();
    const lazy = api
      .calls('GET /api/users/referral-tree')
      .find((r) => r.url.searchParams.has('parentId'))!;
    expect(params(lazy)).toEqual({ parentId: dan._id, offset: '0', maxLevels: '15' });

    // Collapsing hides, expanding again shows without a new request.
    await user.click(screen.getByRole('button', { name: 'Collapse Bob Tester' }));
    expect(screen.queryByText('Carol Tester')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand Bob Tester' }));
    expect(screen.getByText('Carol Tester')).toBeVisible();
    expect(carol.level).toBe(2);
  });

  it('View Levels (1 to 15, default 15) reloads the tree; no expander at the chosen maximum', async () => {
    const { bob, zed } = sampleTree();
    const api = mockApi({
      'GET /api/users/referral-tree': (r) => {
        const maxLevels = Number(r.url.searchParams.get('maxLevels'));
        const carol = node(2, 'Carol', { hasChildren: true, childCount: 1 });
        return okResponse(
          maxLevels === 2
            ? answer([{ ...bob, children: [carol] }, zed], { maxLevels: 2 })
            : answer([bob, zed]),
        );
      },
    });
    const { user } = renderPage();
    const select = await screen.findByLabelText('View Levels');
    expect(select).toHaveValue('15');
    expect(within(select).getAllByRole('option')).toHaveLength(15);
    await screen.findByText('Carol Tester');
    await user.selectOptions(select, '2');
    await waitFor(() =>
      expect(params(api.calls('GET /api/users/referral-tree').at(-1)!)).toEqual({ maxLevels: '2' }),
    );
    await screen.findByText('Carol Tester');
    // Carol has children but sits on the chosen maximum level: no expander.
    expect(screen.queryByRole('button', { name: /Carol Tester/ })).toBeNull();
  });

  it('loads the rest of a long list of children with Show more', async () => {
    const first = [node(1, 'One'), node(1, 'Two')];
    const api = mockApi({
      'GET /api/users/referral-tree': (r) =>
        r.url.searchParams.get('parentId')
          ? okResponse(childrenAnswer(member._id, [node(1, 'Three')], 3, 2))
          : okResponse(
              answer(first, {
                statistics: { ...answer([]).statistics, totalReferrals: 3, directReferrals: 3 },
                nodeCount: 2,
              }),
            ),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Showing 2 of 3 members', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more (1 more)' }));
    expect(await screen.findByText('Three Tester')).toBeInTheDocument();
    const lazy = api.calls('GET /api/users/referral-tree').at(-1)!;
    expect(params(lazy)).toEqual({ parentId: member._id, offset: '2', maxLevels: '15' });
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('searches on the server after a pause, and says when nothing matches', async () => {
    const { bob, zed } = sampleTree();
    const api = mockApi({
      'GET /api/users/referral-tree': (r) => {
        const search = r.url.searchParams.get('search');
        if (search === 'nobody') return okResponse(answer([], { search }));
        if (search === 'carol') {
          const carol = node(2, 'Carol', { matched: true });
          return okResponse(answer([{ ...bob, matched: false, children: [carol] }], { search }));
        }
        return okResponse(answer([bob, zed]));
      },
    });
    const { user } = renderPage();
    await screen.findByText('Zed Tester');
    const box = screen.getByPlaceholderText('Search your referrals...');
    await user.type(box, 'carol');
    await waitFor(() => expect(screen.queryByText('Zed Tester')).toBeNull(), { timeout: 2000 });
    expect(screen.getByText('Match')).toBeInTheDocument();
    const searches = api
      .calls('GET /api/users/referral-tree')
      .map((r) => r.url.searchParams.get('search'))
      .filter(Boolean);
    // Debounced: one request for the whole word.
    expect(searches).toEqual(['carol']);
    await user.clear(box);
    await user.type(box, 'nobody');
    expect(
      await screen.findByText('No matching referrals found', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it("an empty network: 'Start Building Your Network!' with a way to /referrals", async () => {
    mockApi({
      'GET /api/users/referral-tree': () =>
        okResponse(
          answer([], {
            statistics: { ...answer([]).statistics, totalReferrals: 0, maxDepthReached: 0 },
          }),
        ),
    });
    const { user, router } = renderPage();
    expect(await screen.findByText('Start Building Your Network!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Referrals' }));
    expect(router.state.location.pathname).toBe('/referrals');
  });

  it('shows the server message, or the network error text, with Try again', async () => {
    mockApi({
      'GET /api/users/referral-tree': () => failResponse(500, 'INTERNAL_SERVER_ERROR', 'boom'),
    });
    const { user } = renderPage();
    expect(await screen.findByText('Server error, try later.')).toBeInTheDocument();
    // The figure cards say they are not loaded, not grey placeholders forever.
    const totals = screen.getByText('Total Referrals').nextElementSibling!;
    expect(totals).toHaveTextContent('—Not loaded');
    expect(document.querySelector('.animate-pulse')).toBeNull();
    mockApi({
      'GET /api/users/referral-tree': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('Network error occurred while fetching data'),
    ).toBeInTheDocument();
  });

  it('calls the optional user-click handler with the member', async () => {
    const { bob, zed } = sampleTree();
    mockApi({ 'GET /api/users/referral-tree': () => okResponse(answer([bob, zed])) });
    const onUserClick = vi.fn();
    const { user } = renderPage({ onUserClick });
    await user.click(await screen.findByRole('button', { name: 'Zed Tester' }));
    expect(onUserClick).toHaveBeenCalledWith(expect.objectContaining({ _id: zed._id }));
  });
});
