import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { ExternalLink } from '@/components/external-link';
import { explorerAddressUrl, explorerTxUrl } from '@ctn/contracts/explorer';

const linkClass =
  'inline-flex items-center gap-1 rounded font-mono text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** An address on the block explorer; `text` is what shows (a shortened form), the title is all. */
export function AddressLink({
  explorerUrl,
  address,
  text = address,
}: {
  explorerUrl: string;
  address: string;
  text?: string;
}) {
  return (
    <ExternalLink
      href={explorerAddressUrl(explorerUrl, address)}
      title={address}
      className={linkClass}
    >
      <span className="break-all">{text}</span>
      <ExternalLinkIcon className="size-3" aria-hidden="true" />
    </ExternalLink>
  );
}

/** A transaction on the block explorer. */
export function TxLink({
  explorerUrl,
  hash,
  text = hash,
}: {
  explorerUrl: string;
  hash: string;
  text?: string;
}) {
  return (
    <ExternalLink href={explorerTxUrl(explorerUrl, hash)} title={hash} className={linkClass}>
      <span className="break-all">{text}</span>
      <ExternalLinkIcon className="size-3" aria-hidden="true" />
    </ExternalLink>
  );
}
