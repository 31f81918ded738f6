import type { ChainReader } from './chain-reader';

/** Where the chain stands: which chain it is and its newest final block. */
export interface ChainPosition {
  identity: string;
  final: bigint;
}

/**
 * The node answers for another chain (chain id or genesis hash) than the one verified at start
 * (decision 035): nothing of it is read as ours until it is that chain again.
 */
export class ChainSwitchedError extends Error {
  constructor(
    readonly expected: string,
    readonly found: string,
  ) {
    super(
      `chain switched: the node answers as chain ${found}, not ${expected} (verified at start)`,
    );
    this.name = 'ChainSwitchedError';
  }
}

const IDENTITY_TTL_MS = 60_000;
export const FINAL_TTL_MS = 2_000;

/**
 * The chain's identity and final block, read at most once per short period however many callers
 * ask at once (members refreshing, addresses handed out, metrics scrapes): concurrent callers
 * share one node call. The watcher itself reads fresh values (`fresh()`). The identity is pinned
 * to the chain verified at start: an answer for another chain is a ChainSwitchedError, never a
 * position.
 */
export class ChainHead {
  private identity: { value: Promise<string>; at: number } | null = null;
  private final: { value: Promise<bigint>; at: number } | null = null;
  private finalInFlight: Promise<bigint> | null = null;
  private identityInFlight: Promise<string> | null = null;

  constructor(
    private readonly chain: ChainReader,
    /** The chain verified at start (chain-identity.ts): chain id and genesis hash. */
    private readonly pinned: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Identity and final block, from the short-lived cache. */
  async position(): Promise<ChainPosition> {
    const [identity, final] = await Promise.all([this.cachedIdentity(), this.cachedFinal()]);
    return { identity, final };
  }

  /**
   * Identity (cached) and a final block read now: what a scan must end at. Callers at the same
   * moment share the read in flight, so a burst of refreshes makes one node call.
   */
  async fresh(): Promise<ChainPosition> {
    if (!this.finalInFlight) {
      this.final = null;
      const read = this.cachedFinal();
      this.finalInFlight = read;
      const clear = () => {
        if (this.finalInFlight === read) this.finalInFlight = null;
      };
      read.then(clear, clear);
    }
    const [identity, final] = await Promise.all([this.cachedIdentity(), this.finalInFlight]);
    return { identity, final };
  }

  /**
   * Throws ChainSwitchedError unless the node is still the chain verified at start (read now;
   * callers at the same moment share the read). Logs are credited only after this check: a
   * provider that starts answering for another chain never gets its logs credited as ours.
   */
  async confirmIdentity(): Promise<void> {
    if (!this.identityInFlight) {
      const read = this.pinnedIdentity();
      this.identityInFlight = read;
      const clear = () => {
        if (this.identityInFlight === read) this.identityInFlight = null;
      };
      read.then(clear, clear);
    }
    const value = this.identityInFlight;
    this.identity = { value, at: this.now() };
    value.catch(() => {
      if (this.identity?.value === value) this.identity = null;
    });
    await value;
  }

  /**
   * The position when a deposit address is handed out, or null if the node does not answer
   * within `timeoutMs`: issuing an address never waits long on, or fails because of, the chain.
   */
  async positionWithin(timeoutMs: number): Promise<ChainPosition | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      return await Promise.race([this.position().catch(() => null), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private cachedIdentity(): Promise<string> {
    if (!this.identity || this.now() - this.identity.at >= IDENTITY_TTL_MS) {
      const value = this.pinnedIdentity();
      const entry = { value, at: this.now() };
      this.identity = entry;
      // A failed read is not kept: the next caller asks the node again.
      value.catch(() => {
        if (this.identity === entry) this.identity = null;
      });
    }
    return this.identity.value;
  }

  /** The node's identity, or ChainSwitchedError when it is not the chain verified at start. */
  private async pinnedIdentity(): Promise<string> {
    const found = await this.chain.chainIdentity();
    if (found !== this.pinned) throw new ChainSwitchedError(this.pinned, found);
    return found;
  }

  private cachedFinal(): Promise<bigint> {
    if (!this.final || this.now() - this.final.at >= FINAL_TTL_MS) {
      const value = this.chain.finalizedBlock();
      const entry = { value, at: this.now() };
      this.final = entry;
      value.catch(() => {
        if (this.final === entry) this.final = null;
      });
    }
    return this.final.value;
  }
}
