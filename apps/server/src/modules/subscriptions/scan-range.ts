/**
 * Where a scan of the payment watcher starts (decision 014). A payment is never lost: every
 * address is read from the final block at which it was handed out, and the last `rescanBlocks`
 * before the watcher's position are read again on every poll, because a node behind a load
 * balancer may answer a range with no logs first and with the logs later.
 */

export interface PendingAddress {
  /** The chain identity and final block when the address was handed out (null: not known). */
  issuedChain: string | null;
  issuedBlock: bigint | null;
}

export interface ScanStartInput {
  /** The last block scanned on this chain, or undefined before the first scan here. */
  cursor: bigint | undefined;
  /** The chain's final block now. */
  final: bigint;
  rescanBlocks: bigint;
  identity: string;
  /** Addresses not yet scanned from their issue block. */
  pending: readonly PendingAddress[];
}

/** The first block to read: never after a block some address still needs. */
export function scanStart(input: ScanStartInput): bigint {
  const { cursor, final, rescanBlocks, identity, pending } = input;
  // The trailing window: again before the position (or before the final block on a first scan).
  let from = (cursor === undefined ? final : cursor) + 1n - rescanBlocks;
  for (const address of pending) {
    // An issue block on another chain, or none, tells nothing here: the window covers it, since
    // the watcher's position cannot have moved while nobody could read the chain.
    const need =
      address.issuedChain === identity && address.issuedBlock !== null ? address.issuedBlock : from;
    if (need < from) from = need;
  }
  return from < 0n ? 0n : from;
}

/**
 * Where a member's own "Refresh Payment Status" starts: their issue block on this chain (else
 * the watcher's window), but at most `maxBlocks` back from the final block, so one call is
 * bounded; older blocks are the watcher's.
 */
export function refreshStart(input: {
  issuedChain: string | null;
  issuedBlock: bigint | null;
  identity: string;
  cursor: bigint | undefined;
  final: bigint;
  rescanBlocks: bigint;
  maxBlocks: bigint;
}): bigint {
  const fromIssue =
    input.issuedChain === input.identity && input.issuedBlock !== null
      ? input.issuedBlock
      : (input.cursor ?? input.final) + 1n - input.rescanBlocks;
  const floor = input.final + 1n - input.maxBlocks;
  const from = fromIssue > floor ? fromIssue : floor;
  return from < 0n ? 0n : from;
}
