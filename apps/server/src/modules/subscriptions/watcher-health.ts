/**
 * The payment watcher's faults: an episode starts with the first failed run and ends with the
 * next successful one, so a node that stays down is logged once, not every 15 seconds. Counts
 * per kind (timeout, rate_limited, range_limit, malformed_log, rpc_error, ...) feed /metrics.
 */
export class WatcherHealth {
  private failingSince: Date | null = null;
  private failuresInEpisode = 0;
  private lastSuccess: Date | null = null;
  private alerted = false;
  /** The node answered for another chain in this episode and administrators were told. */
  private chainAlerted = false;
  /** The final block last seen, since when, and the head then: a stall is a final block that
   * does not move while the head does. */
  private final: { block: bigint; since: Date; head: bigint } | null = null;
  private lastHead: bigint | null = null;
  private stallAlerted = false;
  readonly faults = new Map<string, number>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** Records a failed run; true when it starts an episode (the one to log). */
  failed(kind: string): boolean {
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + 1);
    this.failuresInEpisode += 1;
    if (this.failingSince) return false;
    this.failingSince = this.now();
    return true;
  }

  /** Records a successful run; the episode it ends, if any (the one to log as recovered). */
  succeeded(): { since: Date; failures: number } | null {
    this.lastSuccess = this.now();
    const episode = this.failingSince
      ? { since: this.failingSince, failures: this.failuresInEpisode }
      : null;
    this.failingSince = null;
    this.failuresInEpisode = 0;
    this.alerted = false;
    this.chainAlerted = false;
    return episode;
  }

  /** True once per episode, when it has lasted `afterSeconds`: the moment to alert people. */
  dueForAlert(afterSeconds: number): boolean {
    if (this.alerted || this.failingSeconds() < afterSeconds) return false;
    this.alerted = true;
    return true;
  }

  /**
   * True at the first run of an episode that finds the node on another chain: that is no
   * passing fault (decision 035), so people are told at once, once per episode.
   */
  dueForChainAlert(): boolean {
    if (this.chainAlerted) return false;
    this.chainAlerted = true;
    return true;
  }

  /** Records the final block and the head after a good run. */
  observe(final: bigint, head: bigint): void {
    this.lastHead = head;
    if (this.final === null || final !== this.final.block) {
      this.final = { block: final, since: this.now(), head };
      this.stallAlerted = false;
    }
  }

  /** Seconds the final block has not moved while the node's head has (0: not stalled). */
  stalledSeconds(): number {
    if (!this.final || this.lastHead === null || this.lastHead <= this.final.head) return 0;
    return Math.max(0, (this.now().getTime() - this.final.since.getTime()) / 1000);
  }

  /** True once per stall, when it has lasted `afterSeconds`. */
  dueForStallAlert(afterSeconds: number): boolean {
    if (this.stallAlerted || this.stalledSeconds() < afterSeconds) return false;
    this.stallAlerted = true;
    return true;
  }

  /** Seconds the watcher has been failing on this instance (0 when its last run succeeded). */
  failingSeconds(): number {
    return this.failingSince
      ? Math.max(0, (this.now().getTime() - this.failingSince.getTime()) / 1000)
      : 0;
  }

  get lastSuccessAt(): Date | null {
    return this.lastSuccess;
  }
}
