import { transactionUrl } from '@/lib/subscription';

/** Block-explorer pages of the explorer the server names (its URL may end with a slash). */

export function explorerAddressUrl(explorerUrl: string, address: string): string {
  return `${explorerUrl.replace(/\/+$/, '')}/address/${address}`;
}

export const explorerTxUrl: (explorerUrl: string, hash: string) => string = transactionUrl;
