import { PageTitle } from '@/components/page-title';
import { privacyPolicy, termsOfService, type LegalDocument } from '../legal-content';

/** A legal document as a readable article: title, date, numbered sections. */
function LegalArticle({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto w-full max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-14">
      <PageTitle title={document.title} />
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{document.title}</h1>
        <p className="text-sm text-fg-muted">
          Last updated <time dateTime={document.updated.iso}>{document.updated.text}</time>
        </p>
      </header>
      {document.sections.map((section, index) => (
        <section key={section.heading} className="space-y-3">
          <h2 className="text-lg font-semibold text-fg">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-7 text-fg-muted">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

export function TermsPage() {
  return <LegalArticle document={termsOfService} />;
}

export function PrivacyPage() {
  return <LegalArticle document={privacyPolicy} />;
}
