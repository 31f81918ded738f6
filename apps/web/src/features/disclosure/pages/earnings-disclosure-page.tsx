import { MICRO_USDT_PER_USDT, SUBSCRIPTION_FEE_USDT } from '@ctn/contracts/constants';
import type { DisclosureWindow } from '@ctn/contracts/site';
import { ChartNoAxesColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useEarningsDisclosure } from '@/lib/site';

const TITLE = 'Earnings disclosure';
const usdtOf = (micro: string) => formatUsdt(Number(micro) / MICRO_USDT_PER_USDT);
const percentOf = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;

/**
 * /earnings-disclosure (issue 18): what members really earned from referral rewards and paid in
 * fees, built every day from our records. Public, linked from the landing page and registration.
 */
export function EarningsDisclosurePage() {
  const disclosure = useEarningsDisclosure();
  return (
    <article className="mx-auto w-full max-w-5xl space-y-8 px-4 pt-24 pb-10 sm:px-6 sm:pt-28 sm:pb-14">
      <PageTitle title={TITLE} />
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{TITLE}</h1>
        <p className="max-w-3xl leading-7 text-fg-muted">
          What members really earned from referral rewards, and what they paid to be members. We
          build these figures every day from our own records, the same ones that pay the rewards.
          Most members earn little or nothing: decide with these numbers, not with promises.
        </p>
        {disclosure.data && (
          <p className="text-sm text-fg-muted">
            Figures as of{' '}
            <time dateTime={disclosure.data.builtAt}>
              {formatDateTime(disclosure.data.builtAt)}
            </time>
          </p>
        )}
      </header>
      {disclosure.isPending ? (
        <ListSkeleton label="Loading the earnings disclosure" rows={6} />
      ) : disclosure.isError ? (
        <ListError
          message={errorMessage(disclosure.error, 'The earnings disclosure could not be loaded.')}
          onRetry={() => void disclosure.refetch()}
          retrying={disclosure.isFetching}
        />
      ) : disclosure.data === null ? (
        <ListEmpty icon={ChartNoAxesColumn} title="The first figures are not built yet">
          They are built once a day; please check back tomorrow.
        </ListEmpty>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {disclosure.data.windows.map((window) => (
            <WindowCard key={window.days} window={window} />
          ))}
        </div>
      )}
      <section className="space-y-3 text-sm leading-6 text-fg-muted">
        <h2 className="text-lg font-semibold text-fg">How we count</h2>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>
            Members: everyone whose subscription was active at some point in the period, or who was
            credited a reward in it. Administrators are not counted.
          </li>
          <li>
            Earnings: every referral and trading reward credited in the period, locked ones
            included. Trading results on the exchange are not ours to see and are not included.
          </li>
          <li>
            The median is the member in the middle; the 90th percentile earned more than 9 in 10
            members; the top 1% are the best-earning hundredth of members.
          </li>
          <li>
            Fees: the subscription payments we received in the period ({SUBSCRIPTION_FEE_USDT} USDT
            per month each).
          </li>
        </ul>
        <p>
          Trading carries risk and past results do not guarantee future ones. Read our{' '}
          <Link to={paths.risk} className="font-medium text-primary underline underline-offset-4">
            Risk Disclosure
          </Link>
          .
        </p>
      </section>
    </article>
  );
}

function WindowCard({ window }: { window: DisclosureWindow }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-fg">Last {window.days} days</h2>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-5">
        <Figure label="Members counted">{window.members.toLocaleString('en-US')}</Figure>
        <Figure label="Earned nothing">
          {window.earnedNothing.toLocaleString('en-US')}{' '}
          <span className="text-sm font-normal text-fg-muted">
            ({percentOf(window.earnedNothing, window.members)})
          </span>
        </Figure>
        <Figure label="Median member earned">{usdtOf(window.medianMicro)}</Figure>
        <Figure label="90th percentile earned">{usdtOf(window.p90Micro)}</Figure>
        <Figure label="Top 1% earned at least">{usdtOf(window.top1ThresholdMicro)}</Figure>
        <Figure label="Top 1% earned on average">{usdtOf(window.top1AverageMicro)}</Figure>
        <Figure label="All rewards credited">{usdtOf(window.rewardsMicro)}</Figure>
        <Figure label="Fees members paid">{usdtOf(window.feesPaidMicro)}</Figure>
      </dl>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-semibold break-words text-fg tabular-nums">{children}</dd>
    </div>
  );
}
