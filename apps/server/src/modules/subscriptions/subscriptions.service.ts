import type { Subscription } from '@ctn/contracts/onboarding';
import { MICRO_USDT_PER_USDT, SUBSCRIPTION_PERIOD_DAYS } from '@ctn/contracts/constants';
import type { Db } from '../../db/client';
import {
  tokenAmountToMicroUsdt,
  type ChainReader,
  type UsdtTransfer,
} from '../../integrations/chain/chain-reader';
import type { SimulatedChain } from '../../integrations/chain/simulated-chain';
import { AppError } from '../../lib/app-error';
import { toUsdt } from '../../lib/money';
import type { Logger } from '../../lib/logger';
import type { MailService } from '../mail/mail.service';
import type { RewardsService } from '../rewards/rewards.service';
import type { SettingsService } from '../settings/settings.service';
import { expiryReminderMail } from './subscription-mails';
import * as q from './subscriptions.queries';
import { applyPayment, isPaid, type PeriodPolicy } from './subscription-periods';

export interface SubscriptionsDeps {
  db: Db;
  chain: ChainReader;
  usdtContract: string;
  explorerUrl: string;
  /** The built-in simulated chain (development), for "simulate a payment". */
  simulatedChain: SimulatedChain | null;
  log: Logger;
  mail: MailService;
  publicUrl: string;
  /** The fee (an admin setting). */
  settings: SettingsService;
  /** DIRECT rewards of each credited payment. */
  rewards: RewardsService;
  /** Blocks per eth_getLogs range. */
  batchBlocks?: number;
}

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

  constructor(private readonly deps: SubscriptionsDeps) {
    this.batchBlocks = BigInt(deps.batchBlocks ?? 2000);
  }

  /** Scans every deposit address from the stored position up to the last final block. */
  async scan(): Promise<{ credited: number; lastBlock: bigint }> {
    const { cursorName, from, final } = await this.range();
    if (from > final) return { credited: 0, lastBlock: final };
    const owners = new Map(
      (await q.depositAddresses(this.deps.db)).map((d) => [d.address, d.userId]),
    );
    let credited = 0;
    for (let start = from; start <= final; start += this.batchBlocks) {
      const end = start + this.batchBlocks - 1n < final ? start + this.batchBlocks - 1n : final;
      const transfers = await this.deps.chain.transfersTo([...owners.keys()], start, end);
      for (const transfer of transfers) {
        const userId = owners.get(transfer.to.toLowerCase());
        if (userId && (await this.credit(userId, transfer))) credited += 1;
      }
      await q.advanceCursor(this.deps.db, cursorName, end);
    }
    return { credited, lastBlock: final };
  }

  /** GET /api/users/refresh-subscription: the member's own address is scanned at once. */
  async refresh(userId: string): Promise<Subscription> {
    const member = await q.findMemberDeposit(this.deps.db, userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    if (member.walletAddress) {
      let transfers: UsdtTransfer[] = [];
      try {
        const { from, final } = await this.range();
        if (from <= final)
          transfers = await this.deps.chain.transfersTo([member.walletAddress], from, final);
      } catch (err) {
        this.deps.log.warn({ err }, 'chain unreachable during a subscription refresh');
        throw new AppError('CHAIN_UNAVAILABLE');
      }
      for (const transfer of transfers) await this.credit(userId, transfer);
    }
    return this.subscription(userId);
  }

  async subscription(userId: string): Promise<Subscription> {
    const member = await q.findMemberDeposit(this.deps.db, userId);
    if (!member) throw new AppError('USER_NOT_FOUND');
    const payments = await q.paymentsOf(this.deps.db, userId, 50);
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
      payments: payments.map((p) => ({
        _id: p.id,
        amount: toUsdt(p.amountMicro),
        transactionHash: p.txHash,
        blockNumber: Number(p.blockNumber),
        periodsAdded: p.periodsAdded,
        paidUntil: p.paidUntilAfter?.toISOString() ?? null,
        creditedAt: p.creditedAt.toISOString(),
      })),
    };
  }

  /**
   * How far the payment watcher is behind the chain's final block (the metrics scrape); null
   * before its first scan on this chain. Throws when the chain or the database cannot be read.
   */
  async chainLag(): Promise<ChainLag | null> {
    const [identity, finalized] = await Promise.all([
      this.deps.chain.chainIdentity(),
      this.deps.chain.finalizedBlock(),
    ]);
    const lastScanned = await q.readCursor(this.deps.db, cursorNameOf(identity));
    if (lastScanned === undefined) return null;
    const blocks = finalized > lastScanned ? finalized - lastScanned : 0n;
    return { lastScanned, finalized, blocks };
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
    chain.transfer(member.walletAddress, micro * 10n ** 12n);
    chain.mine(3);
    return this.refresh(userId);
  }

  /** The fee in force (read in the caller's transaction when given) and the period length. */
  private async policy(db: Db = this.deps.db): Promise<PeriodPolicy> {
    const { feeMicro } = await this.deps.settings.rewardPolicy(db);
    return { feeMicro, periodDays: SUBSCRIPTION_PERIOD_DAYS };
  }

  /** Where to scan: after the stored position (first run: from the current final block). */
  private async range(): Promise<{ cursorName: string; from: bigint; final: bigint }> {
    const [identity, final] = await Promise.all([
      this.deps.chain.chainIdentity(),
      this.deps.chain.finalizedBlock(),
    ]);
    const cursorName = cursorNameOf(identity);
    let last = await q.readCursor(this.deps.db, cursorName);
    if (last === undefined) {
      // Deposit addresses exist only from now on: nothing older can be ours.
      last = final > 0n ? final - 1n : -1n;
      await q.advanceCursor(this.deps.db, cursorName, last);
    }
    return { cursorName, from: last + 1n, final };
  }

  /** Credits one chain log to its member, exactly once. Returns false when already credited. */
  private async credit(userId: string, transfer: UsdtTransfer): Promise<boolean> {
    if (transfer.removed) return false;
    const amountMicro = tokenAmountToMicroUsdt(transfer.amount);
    return this.deps.db.transaction(async (tx) => {
      const paymentId = await q.insertPaymentOnce(tx, {
        userId,
        txHash: transfer.txHash.toLowerCase(),
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
  }
}
