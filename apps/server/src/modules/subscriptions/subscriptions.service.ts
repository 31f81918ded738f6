import { microText } from '@ctn/contracts/money-display';
import type { Subscription } from '@ctn/contracts/onboarding';
import { MICRO_USDT_PER_USDT, SUBSCRIPTION_PERIOD_DAYS } from '@ctn/contracts/constants';
import type { Db } from '../../db/client';
import {
  microUsdtToTokenAmount,
  type ChainReader,
  type UsdtTransfer,
} from '../../integrations/chain/chain-reader';
import {
  ChainSwitchedError,
  type ChainHead,
  type ChainPosition,
} from '../../integrations/chain/chain-head';
import { faultKind } from '../../integrations/chain/rpc-errors';
import type { SimulatedChain } from '../../integrations/chain/simulated-chain';
import { AppError } from '../../lib/app-error';
import { explorerTxUrl } from '@ctn/contracts/explorer';
import { toUsdt } from '../../lib/money';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Logger } from '../../lib/logger';
import type { MailService } from '../mail/mail.service';
import type { RewardsService } from '../rewards/rewards.service';
import type { SettingsService } from '../settings/settings.service';
import type { renderMail } from '../mail/mail-templates';
import {
  chainSwitchedMail,
  expiryReminderMail,
  finalityStalledMail,
  paymentReceivedMail,
  watcherFailingMail,
} from './subscription-mails';
import * as q from './subscriptions.queries';
import { applyPayment, isPaid, periodBoughtFrom, type PeriodPolicy } from './subscription-periods';
import { refreshStart, scanStart } from './scan-range';
import { WatcherHealth } from './watcher-health';
import { IncomingPayments } from './incoming-payments';

export interface SubscriptionsDeps {
  db: Db;
  chain: ChainReader;
  usdtContract: string;
  explorerUrl: string | null;
  /** The built-in simulated chain (development), for "simulate a payment". */
  simulatedChain: SimulatedChain | null;
  log: Logger;
  mail: MailService;
  publicUrl: string;
  /** The fee (an admin setting). */
  settings: SettingsService;
  /** DIRECT rewards of each credited payment. */
  rewards: RewardsService;
  /** The chain's identity and final block, shared and briefly cached. */
  head: ChainHead;
  /** Members' own chain scans (one per member per 30 s), counted across instances. */
  limiter: RateLimiter;
  /** Trailing blocks read again on every poll (CHAIN_RESCAN_BLOCKS). */
  rescanBlocks: number;
  /** Blocks a scan covers before it moves the cursor (the reader splits them further). */
  batchBlocks?: number;
  /** The clock of the watcher's health (tests move it). */
  now?: () => Date;
}

/** Administrators are mailed when the watcher has failed this long (once per episode). */
const WATCHER_ALERT_AFTER_S = 600;
/** One chain scan per member per 30 s; otherwise the answer comes from the watcher's data. */
const MEMBER_SCAN_RULE = { limit: 1, windowMs: 30_000 };
/** A member's own scan reads at most this many blocks back (about 2.5 hours of BSC). */
const MEMBER_SCAN_MAX_BLOCKS = 20_000n;

const REMINDER_DAYS = 3;

/** The watcher's stored position is kept per chain (a node pointed elsewhere starts afresh). */
const cursorNameOf = (chainIdentity: string) => `usdt-deposits:${chainIdentity}`;

export interface ChainLag {
  /** The last block the payment watcher has scanned. */
  lastScanned: bigint;
  /** The newest block the watcher may scan: the node's final block. */
  finalized: bigint;
  /** Final blocks not scanned yet (never negative: a lagging node is not "ahead"). */
  blocks: bigint;
}

/**
 * Subscription payments in USDT (BEP20) on members' deposit addresses (DESIGN.md section 4
 * "Subscription"): a scan reads Transfer logs of final blocks only, records each (tx hash, log
 * index) once, and turns credit into 30-day periods in the same transaction.
 */
export class SubscriptionsService {
  private readonly batchBlocks: bigint;
  private readonly rescanBlocks: bigint;
  /** Faults of the watcher, for logs (once per episode) and /metrics. */
  readonly health: WatcherHealth;
  /** Transfers seen above the final block at members' own scans ("seen, confirming"). */
  private readonly incoming: IncomingPayments;

  constructor(private readonly deps: SubscriptionsDeps) {
    this.batchBlocks = BigInt(deps.batchBlocks ?? 10_000);
    this.rescanBlocks = BigInt(Math.max(1, deps.rescanBlocks));
    this.health = new WatcherHealth(deps.now);
    this.incoming = new IncomingPayments(deps.chain, deps.log);
  }

  /**
   * The payment watcher's run: a scan, with its faults logged once per episode and counted. A
   * failed scan leaves the cursor where the last read range ended, so nothing is skipped.
   */
  async watch(): Promise<{ credited: number; lastBlock: bigint }> {
    try {
      const result = await this.scan();
      await this.watchFinality(result.lastBlock);
      const episode = this.health.succeeded();
      if (episode)
        this.deps.log.info(
          { failures: episode.failures, since: episode.since.toISOString() },
          'payment watcher recovered',
        );
      return result;
    } catch (err) {
      const kind = faultKind(err);
      if (this.health.failed(kind))
        this.deps.log.error({ err, kind }, 'payment watcher failed: it will retry the same blocks');
      const reportsUrl = `${this.deps.publicUrl}/admin/reconciliation`;
      if (err instanceof ChainSwitchedError && this.health.dueForChainAlert())
        await this.alertAdmins((admin) => chainSwitchedMail(admin, err, reportsUrl));
      if (this.health.dueForAlert(WATCHER_ALERT_AFTER_S)) {
        const seconds = this.health.failingSeconds();
        await this.alertAdmins((admin) =>
          watcherFailingMail(
            admin,
            {
              since: new Date(Date.now() - seconds * 1000),
              minutes: Math.floor(seconds / 60),
              kind,
            },
            reportsUrl,
          ),
        );
      }
      throw err;
    }
  }

  /**
   * A node whose final block stops while its head goes on (a stuck finality gadget, a pool
   * serving an old node) credits nothing: alert once it has lasted 10 minutes.
   */
  private async watchFinality(final: bigint): Promise<void> {
    let head: bigint;
    try {
      head = await this.deps.chain.headBlock();
    } catch {
      return; // the scan itself succeeded; the next run looks again
    }
    this.health.observe(final, head);
    if (!this.health.dueForStallAlert(WATCHER_ALERT_AFTER_S)) return;
    const seconds = this.health.stalledSeconds();
    this.deps.log.error({ final: String(final), head: String(head) }, 'final block stalled');
    await this.alertAdmins((admin) =>
      finalityStalledMail(
        admin,
        { final, head, minutes: Math.floor(seconds / 60) },
        `${this.deps.publicUrl}/admin/reconciliation`,
      ),
    );
  }

  /** Mails the administrators an operational alert (in the outbox; failures only logged). */
  private async alertAdmins(
    mailFor: (admin: { email: string; firstName: string }) => ReturnType<typeof renderMail>,
  ): Promise<void> {
    try {
      await this.deps.db.transaction(async (tx) => {
        for (const admin of await this.deps.settings.alertRecipients(tx, 'operations'))
          await this.deps.mail.enqueue(tx, mailFor(admin));
      });
      this.deps.mail.kick();
    } catch (alertErr) {
      this.deps.log.error({ err: alertErr }, 'payment watcher alert could not be queued');
    }
  }

  /**
   * Scans every deposit address up to the chain's final block: from the stored position less the
   * re-scan window, and from the issue block of every address not read from there yet.
   */
  async scan(): Promise<{ credited: number; lastBlock: bigint }> {
    const { db } = this.deps;
    const { identity, final } = await this.deps.head.fresh();
    await this.deps.head.confirmIdentity();
    const cursorName = cursorNameOf(identity);
    const [cursor, watched] = await Promise.all([
      q.readCursor(db, cursorName),
      q.watchedAddresses(db),
    ]);
    const pending = watched.filter((a) => !a.caughtUp);
    const from = scanStart({
      cursor,
      final,
      rescanBlocks: this.rescanBlocks,
      identity,
      pending,
    });
    const owners = new Map(watched.map((d) => [d.address, d.userId]));
    let credited = 0;
    for (let start = from; start <= final; start += this.batchBlocks) {
      const end = start + this.batchBlocks - 1n < final ? start + this.batchBlocks - 1n : final;
      const transfers =
        owners.size > 0 ? await this.deps.chain.transfersTo([...owners.keys()], start, end) : [];
      // Still the same chain? Else neither its logs nor its block numbers are ours to keep.
      await this.deps.head.confirmIdentity();
      for (const transfer of transfers) {
        const userId = owners.get(transfer.to.toLowerCase());
        if (userId && (await this.credit(userId, transfer))) credited += 1;
      }
      // Every watched address has been read up to `end` (greatest(): never backwards).
      await q.advanceCursor(db, cursorName, end);
    }
    if (from > final) await q.advanceCursor(db, cursorName, final);
    await q.markCaughtUp(
      db,
      pending.map((a) => a.userId),
    );
    return { credited, lastBlock: final };
  }

  /**
   * GET /api/users/refresh-subscription: the member's own address is scanned from its issue
   * block (bounded), at most once per 30 s per member; otherwise the watcher's data answers.
   */
  async refresh(userId: string): Promise<Subscription> {
    const member = await q.findMemberDeposit(this.deps.db, userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    if (member.walletAddress) {
      const turn = await this.deps.limiter.consume(`chain-refresh:${userId}`, MEMBER_SCAN_RULE);
      if (turn.allowed) {
        const head = await this.readHead();
        await this.scanMember(userId, member, head);
        await this.incoming.look(userId, member.walletAddress, head.final);
      }
    }
    const answer = await this.subscription(userId);
    const incoming = this.incoming.of(userId, answer.payments);
    return incoming ? { ...answer, incoming } : answer;
  }

  /** The chain's position for a member's scan; CHAIN_UNAVAILABLE when the node cannot say. */
  private async readHead(): Promise<ChainPosition> {
    try {
      return await this.deps.head.fresh();
    } catch (err) {
      this.deps.log.warn({ err }, 'chain unreachable during a subscription refresh');
      throw new AppError('CHAIN_UNAVAILABLE');
    }
  }

  /** Reads one member's address from its issue block (bounded) and credits what it finds. */
  private async scanMember(
    userId: string,
    member: NonNullable<Awaited<ReturnType<typeof q.findMemberDeposit>>>,
    { identity, final }: ChainPosition,
  ): Promise<void> {
    if (!member.walletAddress) return;
    let transfers: UsdtTransfer[] = [];
    try {
      const cursor = await q.readCursor(this.deps.db, cursorNameOf(identity));
      const from = refreshStart({
        issuedChain: member.issuedChain,
        issuedBlock: member.issuedBlock,
        identity,
        cursor,
        final,
        rescanBlocks: this.rescanBlocks,
        maxBlocks: MEMBER_SCAN_MAX_BLOCKS,
      });
      if (from <= final)
        transfers = await this.deps.chain.transfersTo([member.walletAddress], from, final);
      if (transfers.length > 0) await this.deps.head.confirmIdentity();
    } catch (err) {
      this.deps.log.warn({ err, userId }, 'chain unreachable during a subscription refresh');
      throw new AppError('CHAIN_UNAVAILABLE');
    }
    for (const transfer of transfers) await this.credit(userId, transfer);
  }

  async subscription(userId: string): Promise<Subscription> {
    const member = await q.findMemberDeposit(this.deps.db, userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    const [payments, lastChainScanAt] = await Promise.all([
      q.paymentsOf(this.deps.db, userId, 50),
      this.lastScanAt(),
    ]);
    const now = new Date();
    const paid = isPaid(member.paidUntil, now);
    const policy = await this.policy();
    return {
      subscriptionFee: { paid, timestamp: member.subscriptionPaidAt?.toISOString() ?? null },
      paidUntil: member.paidUntil?.toISOString() ?? null,
      feeUsdt: toUsdt(policy.feeMicro),
      periodDays: policy.periodDays,
      creditUsdt: toUsdt(member.creditMicro),
      amountDueUsdt: paid ? 0 : toUsdt(policy.feeMicro - member.creditMicro),
      walletAddress: member.walletAddress,
      usdtContract: this.deps.usdtContract,
      network: 'BEP20 (BSC)',
      explorerUrl: this.deps.explorerUrl,
      simulatedChain: this.deps.simulatedChain !== null,
      lastChainScanAt: lastChainScanAt?.toISOString() ?? null,
      payments: payments.map((p) => ({
        _id: p.id,
        amount: toUsdt(p.amountMicro),
        transactionHash: p.txHash,
        blockNumber: Number(p.blockNumber),
        periodsAdded: p.periodsAdded,
        paidUntil: p.paidUntilAfter?.toISOString() ?? null,
        paidFrom:
          periodBoughtFrom(p.paidUntilAfter, p.periodsAdded, policy.periodDays)?.toISOString() ??
          null,
        creditedAt: p.creditedAt.toISOString(),
      })),
    };
  }

  /**
   * How far the payment watcher is behind the chain's final block (the metrics scrape); null
   * before its first scan on this chain. Throws when the chain or the database cannot be read.
   */
  async chainLag(): Promise<ChainLag | null> {
    const { identity, final: finalized } = await this.deps.head.fresh();
    const lastScanned = await q.readCursor(this.deps.db, cursorNameOf(identity));
    if (lastScanned === undefined) return null;
    const blocks = finalized > lastScanned ? finalized - lastScanned : 0n;
    return { lastScanned, finalized, blocks };
  }

  /** Credits transfers found outside the watcher (a rescan), each exactly once; how many were new. */
  async creditFound(transfers: readonly UsdtTransfer[]): Promise<number> {
    if (transfers.length === 0) return 0;
    const owners = new Map(
      (await q.watchedAddresses(this.deps.db)).map((d) => [d.address, d.userId]),
    );
    let credited = 0;
    for (const transfer of transfers) {
      const userId = owners.get(transfer.to.toLowerCase());
      if (userId && (await this.credit(userId, transfer))) credited += 1;
    }
    return credited;
  }

  /** Every deposit address, lower-cased (a rescan reads them all). */
  async depositAddresses(): Promise<string[]> {
    return (await q.watchedAddresses(this.deps.db)).map((d) => d.address);
  }

  /** The last block the watcher has read on the chain `identity` (undefined: none yet). */
  scannedThrough(identity: string): Promise<bigint | undefined> {
    return q.readCursor(this.deps.db, cursorNameOf(identity));
  }

  /** Mails each member whose period ends within 3 days, once per period. Returns how many. */
  async sendExpiryReminders(): Promise<number> {
    const feeUsdt = toUsdt((await this.policy()).feeMicro);
    const sent = await this.deps.db.transaction(async (tx) => {
      const due = await q.claimExpiryReminders(tx, REMINDER_DAYS);
      for (const member of due) {
        if (member.paidUntil)
          await this.deps.mail.enqueue(
            tx,
            expiryReminderMail(member, member.paidUntil, feeUsdt, `${this.deps.publicUrl}/profile`),
          );
      }
      return due.length;
    });
    if (sent > 0) this.deps.mail.kick();
    return sent;
  }

  /** Development only: a USDT transfer on the simulated chain, made final and credited. */
  async simulatePayment(userId: string, amountUsdt: number): Promise<Subscription> {
    const chain = this.deps.simulatedChain;
    if (!chain) throw new AppError('NOT_FOUND');
    const member = await q.findMemberDeposit(this.deps.db, userId);
    if (!member?.walletAddress) throw new AppError('USER_NOT_FOUND');
    const micro = BigInt(Math.round(amountUsdt * MICRO_USDT_PER_USDT));
    chain.transfer(
      member.walletAddress,
      microUsdtToTokenAmount(micro, this.deps.chain.tokenDecimals),
    );
    chain.mine(3);
    await this.scanMember(userId, member, await this.readHead());
    return this.subscription(userId);
  }

  /** The fee in force (read in the caller's transaction when given) and the period length. */
  private async policy(db: Db = this.deps.db): Promise<PeriodPolicy> {
    const { feeMicro } = await this.deps.settings.rewardPolicy(db);
    return { feeMicro, periodDays: SUBSCRIPTION_PERIOD_DAYS };
  }

  /** When the watcher last finished a range on the current chain; undefined if unknown. */
  private async lastScanAt(): Promise<Date | undefined> {
    try {
      const { identity } = await this.deps.head.position();
      return await q.cursorUpdatedAt(this.deps.db, cursorNameOf(identity));
    } catch {
      return undefined;
    }
  }

  /** Credits one chain log to its member, exactly once. Returns false when already credited. */
  private async credit(userId: string, transfer: UsdtTransfer): Promise<boolean> {
    if (transfer.removed) return false;
    const { amountMicro } = transfer;
    const txHash = transfer.txHash.toLowerCase();
    const credited = await this.deps.db.transaction(async (tx) => {
      const paymentId = await q.insertPaymentOnce(tx, {
        userId,
        txHash,
        logIndex: transfer.logIndex,
        blockNumber: transfer.blockNumber,
        fromAddress: transfer.from,
        toAddress: transfer.to,
        amountMicro,
      });
      if (!paymentId) return false;
      const current = await q.lockSubscription(tx, userId);
      if (!current) throw new Error(`payment to ${transfer.to} for a missing member ${userId}`);
      const next = applyPayment(current, amountMicro, await this.policy(tx), new Date());
      await q.saveSubscription(tx, userId, {
        paidUntil: next.paidUntil,
        creditMicro: next.creditMicro,
        newPeriod: next.periodsAdded > 0,
      });
      await q.recordOutcome(
        tx,
        paymentId,
        next.periodsAdded,
        next.periodsAdded > 0 ? next.paidUntil : null,
      );
      // The member's receipt, queued in this transaction: mailed once, with the credit.
      await this.deps.mail.enqueue(
        tx,
        paymentReceivedMail(
          current,
          {
            amountUsdt: microText(amountMicro, 'exact'),
            txUrl: explorerTxUrl(this.deps.explorerUrl, txHash) ?? txHash,
            paidUntil: next.periodsAdded > 0 ? next.paidUntil : null,
            periodsAdded: next.periodsAdded,
          },
          `${this.deps.publicUrl}/profile`,
        ),
      );
      // The uplines' DIRECT rewards, in this transaction: a payment credited is rewarded once.
      const rewardLines = await this.deps.rewards.creditPayment(tx, {
        id: paymentId,
        payerId: userId,
        periods: next.periodsAdded,
      });
      this.deps.log.info(
        {
          userId,
          txHash: transfer.txHash,
          amountMicro: String(amountMicro),
          periodsAdded: next.periodsAdded,
          rewardLines,
        },
        'subscription payment credited',
      );
      return true;
    });
    if (credited) this.deps.mail.kick();
    return credited;
  }
}
