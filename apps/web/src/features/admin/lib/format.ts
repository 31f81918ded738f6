/** Admin display helpers on top of `@/lib/format`. */

/** `BLOCKED_COMPLIANCE` -> `BLOCKED COMPLIANCE`. */
export function statusText(status: string): string {
  return status.replace(/_/g, ' ');
}

export const BSCSCAN_TX_URL = 'https://testnet.bscscan.com/tx/';
