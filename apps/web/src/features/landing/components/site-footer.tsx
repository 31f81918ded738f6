import { Mail, MessageSquare, Send } from 'lucide-react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { Logo } from '@/components/logo';
import { LANDING_SECTION_IDS, paths } from '@/lib/paths';
import { useSiteLink, useSiteLinks } from '@/lib/site';
import {
  channels,
  landingContent,
  PRODUCT_NAME,
  RISK_DISCLOSURE,
  socialLinks,
  type SocialLink,
} from '@/lib/site-content';

const c = landingContent.footer;
const YEAR = new Date().getFullYear();

function SocialIcon({ kind }: { kind: SocialLink['kind'] }) {
  return kind === 'x' ? (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  ) : (
    <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
      <path d="M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6z" />
    </svg>
  );
}

/** The pages that say what the service is, what it risks and what members really earn. */
const TRUST_LINKS = [
  { label: 'About', to: paths.about },
  { label: 'Contact', to: paths.contact },
  { label: 'Terms of Service', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Risk Disclosure', to: paths.risk },
  { label: 'Earnings disclosure', to: paths.earningsDisclosure },
  { label: 'Proof of liabilities', to: paths.proof },
] as const;

const socialClasses =
  'flex size-10 items-center justify-center rounded-full border border-border text-fg-muted';

/**
 * The footer (#contact-us): the contact mailbox and the updates and community channels (each once
 * an administrator sets it), the two social links (the spec gives them no target), the risk
 * disclosure and the legal and disclosure pages.
 */
export function SiteFooter({ riskDisclosureId }: { riskDisclosureId: string }) {
  return (
    <footer
      id={LANDING_SECTION_IDS.contactUs}
      className="scroll-mt-16 border-t border-border bg-background pt-14 pb-10"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr]">
          <div>
            <Logo />
            <p className="mt-4 max-w-sm text-sm leading-relaxed text-fg-muted">{c.tagline}</p>
            <p className="mt-6 text-sm font-semibold text-fg">{c.socialTitle}</p>
            <ul className="mt-3 flex gap-3">
              {socialLinks.map((link) => (
                <li key={link.kind}>
                  {link.url ? (
                    <ExternalLink
                      href={link.url}
                      className={`${socialClasses} transition-colors hover:bg-surface-muted hover:text-fg`}
                    >
                      <SocialIcon kind={link.kind} />
                      <span className="sr-only">{link.label}</span>
                    </ExternalLink>
                  ) : (
                    // A placeholder link: no target yet, so nothing to focus or follow.
                    <a className={socialClasses} title={`${link.label} (coming soon)`}>
                      <SocialIcon kind={link.kind} />
                      <span className="sr-only">{link.label} (coming soon)</span>
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>

          <div>
            <h2 id="contact-title" className="text-sm font-semibold text-fg">
              {c.contactTitle}
            </h2>
            <p className="mt-3 text-sm text-fg-muted">{c.contactText}</p>
            <SupportContact />
          </div>

          <Channels />
        </div>

        <div
          id={riskDisclosureId}
          className="mt-12 scroll-mt-20 rounded-2xl border border-border bg-surface p-5 text-xs leading-relaxed text-fg-muted sm:text-sm"
        >
          <p>{RISK_DISCLOSURE}</p>
        </div>
        <nav aria-label="Legal and disclosures" className="mt-6">
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
            {TRUST_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="font-medium text-fg-muted underline-offset-4 hover:text-fg hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-8 text-center text-sm text-fg-muted">
          {/* Rendered at build time too: the year may have turned since. */}
          &copy; <span suppressHydrationWarning>{YEAR}</span> {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}

// The parts that show what the operator set: their own components, so that when the links arrive
// only they render again, not the footer.

/** The contact form (signed out too), and the support mailbox once set. */
function SupportContact() {
  const supportEmail = useSiteLink('supportEmail');
  return (
    <div className="mt-3 flex flex-col items-start gap-2">
      <Link
        to={paths.contact}
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <MessageSquare className="size-4 shrink-0" aria-hidden="true" />
        {c.contactForm}
      </Link>
      {supportEmail && (
        <a
          href={`mailto:${supportEmail}`}
          className="inline-flex items-center gap-2 rounded-md text-sm font-medium break-all text-primary underline-offset-4 hover:underline"
        >
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          {supportEmail}
        </a>
      )}
    </div>
  );
}

/** The updates and community channels the operator has set; nothing while none is. */
function Channels() {
  const links = useSiteLinks().data;
  const setChannels = channels.flatMap((channel) => {
    const url = links?.[channel.setting];
    return url ? [{ ...channel, url }] : [];
  });
  if (setChannels.length === 0) return null;
  return (
    <div>
      <h2 className="text-sm font-semibold text-fg">{c.channelsTitle}</h2>
      <ul className="mt-3 space-y-4">
        {setChannels.map((channel) => (
          <li key={channel.name}>
            <ExternalLink
              href={channel.url}
              className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              <Send className="size-4 shrink-0" aria-hidden="true" />
              {channel.name} ({channel.app})
            </ExternalLink>
            <p className="mt-1 text-sm text-fg-muted">{channel.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
