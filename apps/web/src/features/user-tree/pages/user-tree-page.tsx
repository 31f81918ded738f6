import { RefreshButton } from '@/components/ui/refresh-button';
import { REFERRAL_LEVELS, TREE_DEFAULT_LEVELS } from '@ctn/contracts/constants';
import type { ReferralTreeNode } from '@ctn/contracts/referrals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Search, SearchX, Sprout } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { inputClasses } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useAuthenticatedUser } from '@/lib/session';
import { referralTreeKeys, referralTreeQueryOptions } from '../api/get-referral-tree';
import { NetworkRootCard } from '../components/network-root-card';
import { ReferralTree } from '../components/referral-tree';
import { TreeStats } from '../components/tree-stats';
import { treeErrorText } from '../lib/tree-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { countOf } from '@/lib/format';

const LEVEL_CHOICES = Array.from({ length: REFERRAL_LEVELS }, (_, i) => i + 1);

export interface UserTreePageProps {
  /** Optional: called when a member's name is clicked. */
  onUserClick?: (node: ReferralTreeNode) => void;
}

/** /user-tree, 'My Referral Tree' (member section 2). */
export function UserTreePage({ onUserClick }: UserTreePageProps = {}) {
  const user = useAuthenticatedUser();
  const queryClient = useQueryClient();
  const [maxLevels, setMaxLevels] = useState<number>(TREE_DEFAULT_LEVELS);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim()) || undefined;
  const tree = useQuery({
    ...referralTreeQueryOptions({ maxLevels, search }),
    // A new search keeps the previous answer on screen; a new View Levels reloads the tree.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2]?.maxLevels === maxLevels ? previous : undefined,
  });
  const data = tree.data;
  const refreshing = tree.isFetching && !tree.isPending;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: referralTreeKeys.all });

  return (
    <div className="space-y-6">
      <PageTitle title="My Referral Tree" />
      <header className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            My Referral Tree
          </h1>
          <p className="text-fg-muted">Referral Network</p>
        </div>
        <RefreshButton onClick={refresh} refreshing={refreshing} />
      </header>

      <TreeStats
        statistics={data?.statistics}
        maxLevels={data?.maxLevels ?? maxLevels}
        failed={tree.isError && !data}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <label htmlFor="tree-search" className="sr-only">
            Search your referrals
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-subtle"
            aria-hidden="true"
          />
          <input
            id="tree-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Search your referrals..."
            maxLength={100}
            autoComplete="off"
            className={cn(inputClasses, 'pl-10')}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="tree-levels" className="text-sm font-medium whitespace-nowrap text-fg">
            View Levels
          </label>
          <NativeSelect
            id="tree-levels"
            large
            value={maxLevels}
            onChange={(e) => setMaxLevels(Number(e.target.value))}
          >
            {LEVEL_CHOICES.map((n) => (
              <option key={n} value={n}>
                {countOf(n, 'Level')}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {tree.isPending ? (
        <p className="flex items-center justify-center gap-2 py-16 text-fg-muted" role="status">
          <Spinner />
          Loading your referral tree...
        </p>
      ) : tree.isError && !data ? (
        <Card className="space-y-2 px-6 py-12 text-center" role="alert">
          <p className="font-medium text-danger">{treeErrorText(tree.error)}</p>
          <Button variant="link" onClick={() => void tree.refetch()}>
            Try again
          </Button>
        </Card>
      ) : data ? (
        <section aria-label="Your network" className="space-y-3" aria-busy={tree.isFetching}>
          <NetworkRootCard userInfo={data.userInfo} />
          {data.referralTree.length === 0 ? (
            data.search ? (
              <EmptyState
                icon={<SearchX className="size-6" aria-hidden="true" />}
                title="No matching referrals found"
                text="Try another name, email or ID."
              />
            ) : (
              <EmptyState
                icon={<Sprout className="size-6" aria-hidden="true" />}
                title="Start Building Your Network!"
                text="Share your referral code: everyone who joins through it appears here, up to 15 levels deep."
                action={
                  <Link to={paths.referrals} className={buttonClasses()}>
                    Go to Referrals
                  </Link>
                }
              />
            )
          ) : (
            <>
              <TreeNote
                search={data.search}
                searchTruncated={data.searchTruncated}
                shown={data.nodeCount}
                total={data.statistics.totalReferrals}
              />
              <div className={cn(tree.isPlaceholderData && 'opacity-60 transition-opacity')}>
                <ReferralTree
                  key={`${data.maxLevels}:${data.search ?? ''}:${tree.dataUpdatedAt}`}
                  viewerId={user._id}
                  roots={data.referralTree}
                  rootChildCount={data.statistics.directReferrals}
                  maxLevels={data.maxLevels}
                  searchMode={data.search !== null}
                  onUserClick={onUserClick}
                />
              </div>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-fg">
        {icon}
      </span>
      <p className="text-lg font-semibold text-fg">{title}</p>
      <p className="max-w-md text-sm text-fg-muted">{text}</p>
      {action}
    </Card>
  );
}

/** What part of a large network is on screen (beyond the spec: the tree loads lazily). */
function TreeNote({
  search,
  searchTruncated,
  shown,
  total,
}: {
  search: string | null;
  searchTruncated: boolean;
  shown: number;
  total: number;
}) {
  if (search !== null) {
    return searchTruncated ? (
      <p className="text-sm text-fg-muted">
        Showing the first matches only: refine your search to find others.
      </p>
    ) : null;
  }
  if (shown >= total) return null;
  return (
    <p className="text-sm text-fg-muted">
      Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} members: expand a
      member or press Show more to load the rest.
    </p>
  );
}
