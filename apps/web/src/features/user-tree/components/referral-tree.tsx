import { TREE_EXPANDED_UP_TO_LEVEL } from '@ctn/contracts/constants';
import type { ReferralTreeNode } from '@ctn/contracts/referrals';
import { ChevronRight, CornerDownRight } from 'lucide-react';
import { createContext, use, useCallback, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatUsdt } from '@/lib/format';
import { getReferralTreeChildren } from '../api/get-referral-tree-children';
import { treeErrorText } from '../lib/tree-error';

/**
 * The referral tree, loaded lazily (docs/decisions/008): an answer carries a node's first
 * children only, or none yet; the rest are fetched with `parentId` + `offset` when a member is
 * expanded or "Show more" is pressed, and kept here until the tree reloads (this component is
 * keyed by the query, so a reload starts afresh).
 */

export interface ReferralTreeProps {
  /** The caller: the tree's own top level is fetched as the caller's children. */
  viewerId: string;
  roots: ReferralTreeNode[];
  /** How many children the caller has in this view (statistics.directReferrals). */
  rootChildCount: number;
  maxLevels: number;
  /** A search answer: a pruned tree, shown whole, with nothing more to load. */
  searchMode: boolean;
  /** Called when a member's name is clicked (optional, member section 2). */
  onUserClick?: ((node: ReferralTreeNode) => void) | undefined;
}

interface Loaded {
  nodes: ReferralTreeNode[];
  loading: boolean;
  error: string | null;
}

interface TreeContextValue {
  maxLevels: number;
  searchMode: boolean;
  loaded: Record<string, Loaded>;
  load: (parentId: string, offset: number) => void;
  onUserClick: ((node: ReferralTreeNode) => void) | undefined;
}

const TreeContext = createContext<TreeContextValue | null>(null);

function useTree(): TreeContextValue {
  const tree = use(TreeContext);
  if (!tree) throw new Error('tree nodes render inside <ReferralTree>');
  return tree;
}

export function ReferralTree({
  viewerId,
  roots,
  rootChildCount,
  maxLevels,
  searchMode,
  onUserClick,
}: ReferralTreeProps) {
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({});

  const load = useCallback(
    (parentId: string, offset: number) => {
      setLoaded((all) => ({
        ...all,
        [parentId]: { nodes: all[parentId]?.nodes ?? [], loading: true, error: null },
      }));
      getReferralTreeChildren({ parentId, offset, maxLevels }).then(
        (answer) =>
          setLoaded((all) => {
            const nodes = all[parentId]?.nodes ?? [];
            const known = new Set(nodes.map((n) => n._id));
            const fresh = answer.referralTree.filter((n) => !known.has(n._id));
            return {
              ...all,
              [parentId]: { nodes: [...nodes, ...fresh], loading: false, error: null },
            };
          }),
        (error: unknown) =>
          setLoaded((all) => ({
            ...all,
            [parentId]: {
              nodes: all[parentId]?.nodes ?? [],
              loading: false,
              error: treeErrorText(error),
            },
          })),
      );
    },
    [maxLevels],
  );

  const context: TreeContextValue = { maxLevels, searchMode, loaded, load, onUserClick };
  const top = [...roots, ...(loaded[viewerId]?.nodes ?? [])];
  return (
    <TreeContext value={context}>
      <ul aria-label="Referral tree" className="space-y-2">
        {top.map((node) => (
          <TreeNodeItem key={node._id} node={node} />
        ))}
      </ul>
      {searchMode ? null : (
        <MoreChildren parentId={viewerId} shown={top.length} total={rootChildCount} />
      )}
    </TreeContext>
  );
}

function TreeNodeItem({ node }: { node: ReferralTreeNode }) {
  const { maxLevels, searchMode, loaded, load, onUserClick } = useTree();
  const state = loaded[node._id];
  const children = [...node.children, ...(state?.nodes ?? [])];
  const canExpand = searchMode ? children.length > 0 : node.hasChildren && node.level < maxLevels;
  // Expanded by default up to level 2, when the answer carried the children to show.
  const [expanded, setExpanded] = useState(
    () => children.length > 0 && (searchMode || node.level <= TREE_EXPANDED_UP_TO_LEVEL),
  );
  const name = `${node.firstName} ${node.lastName}`.trim();
  const groupId = `tree-children-${node._id}`;

  const toggle = () => {
    if (!expanded && children.length === 0 && !state?.loading) load(node._id, 0);
    setExpanded(!expanded);
  };

  return (
    <li>
      <div
        className={cn(
          'flex items-start gap-2 rounded-xl border bg-surface p-3 sm:items-center sm:gap-3 sm:px-4',
          node.matched ? 'border-primary/50 ring-1 ring-primary/30' : 'border-border',
        )}
      >
        {canExpand ? (
          <button
            type="button"
            onClick={toggle}
            aria-expanded={expanded}
            aria-controls={expanded ? groupId : undefined}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
            className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            {state?.loading && children.length === 0 ? (
              <Spinner />
            ) : (
              <ChevronRight
                className={cn('size-4 transition-transform', expanded && 'rotate-90')}
                aria-hidden="true"
              />
            )}
          </button>
        ) : (
          <span className="-m-1 size-8 shrink-0" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {onUserClick ? (
                <button
                  type="button"
                  onClick={() => onUserClick(node)}
                  className="rounded text-left font-semibold text-fg hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {name}
                </button>
              ) : (
                <span className="font-semibold text-fg">{name}</span>
              )}
              <Badge variant="info" className="px-2 tabular-nums">
                L{node.level}
              </Badge>
              {node.matched ? <Badge variant="primary">Match</Badge> : null}
            </div>
            <p className="text-sm break-all text-fg-muted">
              {node.email}
              <span className="block text-xs text-fg-subtle sm:ml-2 sm:inline">
                ID: {node.userId}
              </span>
            </p>
          </div>
          <dl className="mt-2 flex shrink-0 flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted sm:mt-0 sm:justify-end">
            <Figure label="Direct" value={node.childCount.toLocaleString('en-US')} />
            <Figure label="Network" value={node.totalDescendants.toLocaleString('en-US')} />
            <Figure label="Earnings" value={formatUsdt(node.totalRewards)} />
          </dl>
        </div>
      </div>
      {expanded ? (
        <div id={groupId} className="mt-2 ml-3 border-l border-border pl-2 sm:ml-4 sm:pl-5">
          {children.length > 0 ? (
            <ul aria-label={`Referrals of ${name}`} className="space-y-2">
              {children.map((child) => (
                <TreeNodeItem key={child._id} node={child} />
              ))}
            </ul>
          ) : null}
          {searchMode ? null : (
            <MoreChildren parentId={node._id} shown={children.length} total={node.childCount} />
          )}
        </div>
      ) : null}
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/** Loading, an error with Retry, or "Show more" while a member has children not shown yet. */
function MoreChildren({
  parentId,
  shown,
  total,
}: {
  parentId: string;
  shown: number;
  total: number;
}) {
  const { loaded, load } = useTree();
  const state = loaded[parentId];
  const remaining = total - shown;
  if (state?.loading) {
    return (
      <p className="mt-2 flex items-center gap-2 px-1 text-sm text-fg-muted" role="status">
        <Spinner />
        Loading referrals...
      </p>
    );
  }
  if (state?.error) {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-x-3 px-1 text-sm text-danger" role="alert">
        {state.error}
        <Button variant="link" size="sm" onClick={() => load(parentId, shown)}>
          Retry
        </Button>
      </p>
    );
  }
  if (remaining <= 0) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="mt-2 text-primary"
      onClick={() => load(parentId, shown)}
    >
      <CornerDownRight className="size-4" aria-hidden="true" />
      {shown === 0
        ? `Show ${remaining.toLocaleString('en-US')} referrals`
        : `Show more (${remaining.toLocaleString('en-US')} more)`}
    </Button>
  );
}
