import type { IncomingPayment, SubscriptionPayment } from '@ctn/contracts/onboarding';
import type { ChainReader } from '../../integrations/chain/chain-reader';
import type { Logger } from '../../lib/logger';
import { toUsdt } from '../../lib/money';

/** Blocks above the final one a member's scan reads for transfers still confirming. */
const UNFINAL_MAX_BLOCKS = 2_000n;
/** How long a member's "seen, confirming" transfers are answered after their own scan. */
const KEPT_MS = 60_000;
const MAX_MEMBERS = 10_000;

/**
 * Transfers to members' deposit addresses in blocks not final yet (issue 18: "seen,
 * confirming"): read at a member's own scan, kept in this process for a minute, never credited
 * from here (the watcher credits final blocks only).
 */
export class IncomingPayments {
  private readonly seen = new Map<string, { at: number; payments: IncomingPayment[] }>();

  constructor(
    private readonly chain: ChainReader,
    private readonly log: Logger,
  ) {}

  /** Reads the blocks above `final` for the address; keeps nothing when the node cannot say. */
  async look(userId: string, address: string, final: bigint): Promise<void> {
    let payments: IncomingPayment[];
    try {
      const head = await this.chain.headBlock();
      const to = head - final > UNFINAL_MAX_BLOCKS ? final + UNFINAL_MAX_BLOCKS : head;
      const transfers = head > final ? await this.chain.transfersTo([address], final + 1n, to) : [];
      payments = transfers
        .filter((t) => !t.removed)
        .map((t) => ({
          transactionHash: t.txHash,
          amount: toUsdt(t.amountMicro),
          blockNumber: Number(t.blockNumber),
          blocksToFinal: Number(t.blockNumber - final),
        }));
    } catch (err) {
      this.log.warn({ err, userId }, 'could not read the newest blocks for a member');
      return;
    }
    this.keep(userId, payments);
  }

  /**
   * What the member's last look saw, less what has been credited since; undefined when they
   * have not looked within the minute (unknown, which is not "none").
   */
  of(userId: string, credited: readonly SubscriptionPayment[]): IncomingPayment[] | undefined {
    const kept = this.seen.get(userId);
    if (!kept || Date.now() - kept.at > KEPT_MS) return undefined;
    const hashes = new Set(credited.map((p) => p.transactionHash.toLowerCase()));
    return kept.payments.filter((t) => !hashes.has(t.transactionHash.toLowerCase()));
  }

  private keep(userId: string, payments: IncomingPayment[]): void {
    const now = Date.now();
    if (this.seen.size >= MAX_MEMBERS)
      for (const [key, value] of this.seen) if (now - value.at > KEPT_MS) this.seen.delete(key);
    if (this.seen.size >= MAX_MEMBERS) this.seen.clear();
    this.seen.set(userId, { at: now, payments });
  }
}
