import type { ProofHoldings, ProofLatest } from '@ctn/contracts/proof';
import { Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { CodeBlock } from '@/components/ui/code-block';
import { SimplePagination } from '@/components/ui/simple-pagination';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatMicroUsdt, formatUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';

const ROOT_COLUMNS: readonly ResponsiveColumn<PublishedRoot>[] = [
  { header: 'Built', place: 'title', cell: (build) => formatDateTime(build.builtAt) },
  {
    header: 'Total owed',
    place: 'amount',
    className: 'tabular-nums',
    cell: (build) => formatMicroUsdt(build.totalMicroUsdt),
  },
  { header: 'Members', className: 'tabular-nums', cell: (build) => build.leafCount },
  { header: 'Root', className: 'font-mono text-xs break-all', cell: (build) => build.root },
];
import { useProofHistory, useProofLatest } from '@/lib/proof';

type PublishedRoot = NonNullable<ReturnType<typeof useProofHistory>['data']>['builds'][number];

const TITLE = 'Proof of liabilities';

/**
 * /proof: the public proof of liabilities (docs/proof.md): the newest root of the Merkle sum
 * tree of what we owe members, its total beside what we hold, the history of roots, and how a
 * member checks their own balance. Public, linked from the footer.
 */
export function ProofPage() {
  const latest = useProofLatest();
  return (
    <article className="mx-auto w-full max-w-5xl space-y-8 px-4 pt-24 pb-10 sm:px-6 sm:pt-28 sm:pb-14">
      <PageTitle title={TITLE} />
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{TITLE}</h1>
        <p className="max-w-3xl leading-7 text-fg-muted">
          Every day we publish one number that commits to what we owe each member: the root of a
          Merkle sum tree of their balances. Each member can check, in their dashboard, that their
          own balance is counted in it. Nobody else can read anyone&apos;s balance or identity from
          it.
        </p>
      </header>
      {latest.isPending ? (
        <ListSkeleton label="Loading the proof of liabilities" rows={4} />
      ) : latest.isError ? (
        <ListError
          message={errorMessage(latest.error, 'The proof of liabilities could not be loaded.')}
          onRetry={() => void latest.refetch()}
          retrying={latest.isFetching}
        />
      ) : latest.data === null ? (
        <ListEmpty icon={Scale} title="No proof has been published yet">
          The first one is built within a day; please check back tomorrow.
        </ListEmpty>
      ) : (
        <LatestProof proof={latest.data} />
      )}
      {latest.data ? <History /> : null}
      <HowToVerify />
    </article>
  );
}

function LatestProof({ proof }: { proof: ProofLatest }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="space-y-4 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-fg">What we owe members</h2>
        <dl className="space-y-3">
          <Figure label="Total owed">{formatMicroUsdt(proof.totalMicroUsdt)}</Figure>
          <Figure label="Members in the tree">{proof.leafCount.toLocaleString('en-US')}</Figure>
          <Figure label="Built">
            <time dateTime={proof.builtAt}>{formatDateTime(proof.builtAt)}</time>
          </Figure>
          <Figure label="Root">
            <span className="font-mono text-xs break-all">{proof.root}</span>
          </Figure>
        </dl>
      </Card>
      <Holdings holdings={proof.holdings} />
    </div>
  );
}

function Holdings({ holdings }: { holdings: ProofHoldings | null }) {
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-fg">What we hold</h2>
      {holdings === null ? (
        <p className="text-fg-muted">Holdings not published yet</p>
      ) : (
        <dl className="space-y-3">
          <Figure label="USDT held on chain">{formatUsdt(holdings.usdt)}</Figure>
          <Figure label="Read">
            <time dateTime={holdings.asOf}>{formatDateTime(holdings.asOf)}</time>
            {holdings.stale ? (
              <span className="ml-2 text-sm font-medium text-warning-soft-fg">
                (stale: the last reading failed)
              </span>
            ) : null}
          </Figure>
        </dl>
      )}
    </Card>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const history = useProofHistory(page);
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-fg">Every published root</h2>
      {history.isPending ? (
        <ListSkeleton label="Loading the history of roots" rows={3} />
      ) : history.isError ? (
        <ListError
          message={errorMessage(history.error, 'The history of roots could not be loaded.')}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : (
        <>
          <ResponsiveTable
            label="Published roots, newest first"
            rows={history.data.builds}
            rowKey={(build) => build.root}
            columns={ROOT_COLUMNS}
          />
          {history.data.pagination.totalPages > 1 ? (
            <SimplePagination
              label="Pages of published roots"
              pagination={history.data.pagination}
              onPage={setPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

const RULE = `leaf   = sha256("leaf:" + salt + ":" + userId + ":" + balanceMicroUsdt)   sum = balance
parent = sha256("node:" + l.hash + ":" + l.sum + ":" + r.hash + ":" + r.sum)   sum = l.sum + r.sum
odd    = paired with sha256("empty"), sum 0`;

function HowToVerify() {
  return (
    <section className="space-y-3 text-sm leading-6 text-fg-muted">
      <h2 className="text-lg font-semibold text-fg">How to verify your balance</h2>
      <ol className="list-decimal space-y-1.5 pl-5">
        <li>
          Sign in: your dashboard shows &ldquo;Your balance in the proof&rdquo;, your leaf and its
          path, and a Verify button that recomputes the path up to the root above, in your browser.
        </li>
        <li>
          Your balance in the proof is everything we owe you: available, locked, and held for a
          withdrawal. Your salt is new in every build, so your leaf tells nobody who you are.
        </li>
        <li>
          Hashes are SHA-256 of the text below, in lower-case hex; sums are whole micro-USDT (1 USDT
          = 1,000,000). Each step of your path gives the sibling&apos;s hash and sum, and on which
          side the sibling sits.
        </li>
      </ol>
      <CodeBlock>{RULE}</CodeBlock>
      <p>
        To check without our page, save your proof from <code>/api/users/proof</code> and run the
        short Node.js script of our documentation (docs/proof.md in the source). Each completed
        reward cycle publishes the root of its lines the same way, and your cycle statement carries
        your proof. Something does not match? Write to{' '}
        <Link to={paths.support} className="font-medium text-primary underline underline-offset-4">
          support
        </Link>
        .
      </p>
    </section>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold text-fg">{children}</dd>
    </div>
  );
}
