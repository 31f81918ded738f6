import { legalSectionsOf, type LegalDocumentKey, LEGAL_TITLES } from '@ctn/contracts/site';
import { ListError, ListSkeleton } from '@/components/list-states';
import { OperatorDetails } from '@/components/operator-details';
import { PageTitle } from '@/components/page-title';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useLegalDocument } from '@/lib/site';

/** The sections with their headings numbered 1, 2, … (text before the first heading is not). */
function numberedSections(body: string) {
  let number = 0;
  return legalSectionsOf(body).map((section) => ({
    ...section,
    number: section.heading === null ? null : (number += 1),
  }));
}

/**
 * A legal page as a readable article: title, date, numbered sections. Administrators edit the
 * text on /admin/settings; it is rendered as text, never as HTML.
 */
function LegalArticle({ document }: { document: LegalDocumentKey }) {
  const legal = useLegalDocument(document);
  const title = LEGAL_TITLES[document];
  return (
    <article className="mx-auto w-full max-w-3xl space-y-8 px-4 pt-24 pb-10 sm:px-6 sm:pt-28 sm:pb-14">
      <PageTitle title={title} />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{title}</h1>
        {legal.data?.updatedAt && (
          <p className="text-sm text-fg-muted">
            Last updated{' '}
            <time dateTime={legal.data.updatedAt}>{formatDate(legal.data.updatedAt)}</time>
          </p>
        )}
      </header>
      {document !== 'risk' && <OperatorDetails effectiveDate />}
      {legal.isPending ? (
        <ListSkeleton label={`Loading the ${title}`} rows={6} />
      ) : legal.isError ? (
        <ListError
          message={errorMessage(legal.error, `The ${title} could not be loaded.`)}
          onRetry={() => void legal.refetch()}
          retrying={legal.isFetching}
        />
      ) : (
        numberedSections(legal.data.body).map((section, index) => (
          <section key={index} className="space-y-3">
            {section.heading !== null && (
              <h2 className="text-lg font-semibold text-fg">
                {section.number}. {section.heading}
              </h2>
            )}
            {section.paragraphs.map((paragraph, at) => (
              <p key={at} className="leading-7 text-fg-muted">
                {paragraph}
              </p>
            ))}
          </section>
        ))
      )}
    </article>
  );
}

export function TermsPage() {
  return <LegalArticle document="terms" />;
}

export function PrivacyPage() {
  return <LegalArticle document="privacy" />;
}

export function RiskPage() {
  return <LegalArticle document="risk" />;
}
