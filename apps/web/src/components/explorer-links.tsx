import type { ReactNode } from 'react';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { ExternalLink } from '@/components/external-link';
import { explorerAddressUrl, explorerTxUrl } from '@ctn/contracts/explorer';

const linkClass =
  'inline-flex items-center gap-1 rounded font-mono text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * A page of the block explorer, or, where the chain has none (the server names no explorer for
 * a chain it does not know), the same text without a link: never a link to the wrong explorer.
 */
export function ExplorerLink({
  href,
  title,
  className,
  icon,
  children,
}: {
  href: string | null;
  title?: string;
  className: string;
  /** The "opens elsewhere" icon after the text (links only). */
  icon?: ReactNode;
  children: ReactNode;
}) {
  if (href === null)
    return (
      <span title={title} className="font-mono break-all">
        {children}
      </span>
    );
  return (
    <ExternalLink href={href} title={title} className={className}>
      {children}
      {icon}
    </ExternalLink>
  );
}

/** An address on the block explorer; `text` is what shows (a shortened form), the title is all. */
export function AddressLink({
  explorerUrl,
  address,
  text = address,
}: {
  explorerUrl: string | null;
  address: string;
  text?: string;
}) {
  return (
    <ExplorerLink
      href={explorerAddressUrl(explorerUrl, address)}
      title={address}
      className={linkClass}
      icon={<ExternalLinkIcon className="size-3" aria-hidden="true" />}
    >
      <span className="break-all">{text}</span>
    </ExplorerLink>
  );
}

/** A transaction on the block explorer. */
export function TxLink({
  explorerUrl,
  hash,
  text = hash,
}: {
  explorerUrl: string | null;
  hash: string;
  text?: string;
}) {
  return (
    <ExplorerLink
      href={explorerTxUrl(explorerUrl, hash)}
      title={hash}
      className={linkClass}
      icon={<ExternalLinkIcon className="size-3" aria-hidden="true" />}
    >
      <span className="break-all">{text}</span>
    </ExplorerLink>
  );
}
