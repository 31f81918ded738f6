/**
 * Block-explorer pages of the explorer the server names (its URL may end with a slash): the one
 * home of these links for the server's mails and the web pages. The server names none for a
 * chain without a known explorer (decision 035): then there is no link, and callers show the
 * address or hash as text.
 */

const base = (explorerUrl: string) => explorerUrl.replace(/\/+$/, '');

export function explorerAddressUrl(explorerUrl: string, address: string): string;
export function explorerAddressUrl(explorerUrl: string | null, address: string): string | null;
export function explorerAddressUrl(explorerUrl: string | null, address: string): string | null {
  return explorerUrl === null ? null : `${base(explorerUrl)}/address/${address}`;
}

export function explorerTxUrl(explorerUrl: string, hash: string): string;
export function explorerTxUrl(explorerUrl: string | null, hash: string): string | null;
export function explorerTxUrl(explorerUrl: string | null, hash: string): string | null {
  return explorerUrl === null ? null : `${base(explorerUrl)}/tx/${hash}`;
}
