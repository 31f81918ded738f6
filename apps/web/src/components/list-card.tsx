import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';

/**
 * A list read from the API, in a card: its title and filters (either optional), then the first load, the failure
 * with Retry, the empty text or the rows (dimmed while another page or filter loads, the
 * previous rows kept meanwhile), and its pages below.
 */
export function ListCard<T>({
  title,
  filters,
  query,
  loading,
  failedText,
  exceptionText,
  isEmpty,
  emptyText,
  pagination,
  children,
}: {
  /** The card's heading, when the page has more than the list to tell apart. */
  title?: string;
  filters?: ReactNode;
  query: UseQueryResult<T>;
  /** Shown until the first answer. */
  loading: ReactNode;
  /** A refusal's text when the API said nothing specific (see `errorMessage`). */
  failedText: string;
  /** The text when something other than the API failed. */
  exceptionText: string;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** The pages, under a list that has rows. */
  pagination?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  const hasRows = data !== undefined && !isEmpty(data);
  return (
    <Card className="overflow-hidden">
      {title || filters ? (
        <div className="space-y-4 px-4 pt-5 pb-4 sm:px-6">
          {title ? <h2 className="text-lg font-semibold tracking-tight text-fg">{title}</h2> : null}
          {filters}
        </div>
      ) : null}
      <div className="border-t border-border p-4 sm:p-6" aria-busy={query.isFetching}>
        {query.isPending ? (
          loading
        ) : query.isError && data === undefined ? (
          <div className="space-y-3">
            <Alert variant="error">{errorMessage(query.error, failedText, exceptionText)}</Alert>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : data === undefined ? null : hasRows ? (
          <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            {children(data)}
          </div>
        ) : (
          <p className="py-12 text-center font-medium text-fg-muted">{emptyText}</p>
        )}
      </div>
      {hasRows && pagination ? pagination(data) : null}
    </Card>
  );
}
