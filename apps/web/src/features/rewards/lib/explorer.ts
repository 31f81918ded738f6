/** Block explorer pages. The server's explorerUrl may end with a slash: it is dropped. */

const base = (explorerUrl: string) => explorerUrl.replace(/\/+$/, '');

export const explorerAddressUrl = (explorerUrl: string, address: string) =>
  `${base(explorerUrl)}/address/${address}`;

export const explorerTxUrl = (explorerUrl: string, hash: string) =>
  `${base(explorerUrl)}/tx/${hash}`;
