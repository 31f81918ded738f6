/**
 * Block-explorer pages of the explorer the server names (its URL may end with a slash): the one
 * home of these links for the server's mails and the web pages.
 */

const base = (explorerUrl: string) => explorerUrl.replace(/\/+$/, '');

export const explorerAddressUrl = (explorerUrl: string, address: string): string =>
  `${base(explorerUrl)}/address/${address}`;

export const explorerTxUrl = (explorerUrl: string, hash: string): string =>
  `${base(explorerUrl)}/tx/${hash}`;
