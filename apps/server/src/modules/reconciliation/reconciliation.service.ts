import type {
  ReconciliationDifference,
  ReconciliationOverview,
  ReconciliationReport,
} from '@ctn/contracts/reconciliation';
import type { Db } from '../../db/client';
import type { ChainHead } from '../../integrations/chain/chain-head';
import type { ChainReader } from '../../integrations/chain/chain-reader';
import type { Logger } from '../../lib/logger';
import { toUsdt } from '../../lib/money';
import type { Actor, AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { depositOutflows, type OutflowWindow } from './deposit-outflows';
import { outflowsPart, toAlert } from './hot-wallet-outflows';
import { reconciliationMail } from './reconciliation-mails';
import * as q from './reconciliation.queries';

export interface HotWalletView {
  address: string;
  /** The wallet's USDT in micro-USDT, read from the chain. */
  usdtMicro(): Promise<bigint>;
}

export interface ReconciliationDeps {
  db: Db;
  chain: ChainReader;
  head: ChainHead;
  subscriptions: SubscriptionsService;
  ledger: LedgerService;
  audit: AuditService;
  settings: SettingsService;
  mail: MailService;
  log: Logger;
  publicUrl: string;
  explorerUrl: string | null;
  hotWallet: HotWalletView | null;
  /** SWEEP_DESTINATIONS: where USDT may leave deposit addresses to (decision 047). */
  sweepDestinations?: readonly string[];
  /** How many blocks back from the watcher's position the chain part reads (about a day). */
  windowBlocks?: number;
}

type Report = Omit<ReconciliationReport, '_id' | 'ranAt'>;
const micro = (v: bigint | string) => toUsdt(BigInt(v));

/**
 * The daily reconciliation (issue "Payments are never lost", decision 014): compares, row by row,
 * (a) every USDT transfer to a deposit address on chain with the subscription payments credited,
 * over the blocks the watcher has read in the last day; (b) every balance with its ledger entries
 * and what the platform owes (available + locked + held + pending) with earned - withdrawn -
 * forfeited; (c) the hot wallet's USDT with the payouts being sent; (d) every USDT transfer out
 * of the hot wallet with the approved withdrawal it paid (hot-wallet-outflows.ts). A part that
 * cannot be read says so and
 * the report is not clean: an unread figure is never taken as agreement.
 */
export class ReconciliationService {
  private readonly windowBlocks: bigint;

  constructor(private readonly deps: ReconciliationDeps) {
    this.windowBlocks = BigInt(deps.windowBlocks ?? 200_000);
  }

  /** The daily job: a report, kept, and mailed to administrators when anything differs. */
  async runDaily(): Promise<ReconciliationReport> {
    return this.run();
  }

  /** An administrator's run from the page, audited. */
  async runFor(actor: Actor): Promise<ReconciliationReport> {
    const report = await this.run();
    await this.deps.audit.record(this.deps.db, actor, {
      action: 'RECONCILIATION_RUN',
      target: { type: 'reconciliation_report', id: report._id },
      after: { reportId: report._id, differences: report.differences.length },
    });
    return report;
  }

  async overview(): Promise<ReconciliationOverview> {
    const rows = await q.latestReports(this.deps.db, 30);
    const latest = rows[0];
    return {
      explorerUrl: this.deps.explorerUrl,
      latest: latest
        ? {
            ...(latest.report as Report),
            // Reports kept before sweeps were read have none.
            sweeps: (latest.report as Partial<Report>).sweeps ?? null,
            _id: latest.id,
            ranAt: latest.ranAt.toISOString(),
          }
        : null,
      history: rows.map((r) => ({
        _id: r.id,
        ranAt: r.ranAt.toISOString(),
        clean: r.clean,
        differences: r.differences,
      })),
    };
  }

  /** Builds the report without keeping it (npm run ledger:verify prints it). */
  async compare(): Promise<Report> {
    const differences: ReconciliationDifference[] = [];
    const [{ part: chain, sweeps }, ledger, hotWallet, outflows] = await Promise.all([
      this.chainPart(differences).then(async ({ part, window }) => ({
        part,
        sweeps: await depositOutflows(
          {
            db: this.deps.db,
            chain: this.deps.chain,
            log: this.deps.log,
            destinations: [
              ...(this.deps.sweepDestinations ?? []),
              ...(this.deps.hotWallet ? [this.deps.hotWallet.address] : []),
            ],
          },
          differences,
          window,
        ),
      })),
      this.ledgerPart(differences),
      this.hotWalletPart(differences),
      outflowsPart(
        {
          db: this.deps.db,
          chain: this.deps.chain,
          log: this.deps.log,
          hotWalletAddress: this.deps.hotWallet?.address ?? null,
          windowBlocks: this.windowBlocks,
        },
        differences,
      ),
    ]);
    // Members are named by their public number (CT…), as everywhere people read them.
    const ids = differences.map((d) => d.userId).filter((id): id is string => id !== null);
    const numbers = await q.publicNumbers(this.deps.db, [...new Set(ids)]);
    for (const d of differences) if (d.userId) d.userId = numbers.get(d.userId) ?? d.userId;
    const clean =
      differences.length === 0 &&
      chain.checked &&
      ledger.checked &&
      hotWallet.checked &&
      outflows.checked &&
      sweeps.checked;
    return { clean, differences, chain, ledger, hotWallet, outflows, sweeps };
  }

  private async run(): Promise<ReconciliationReport> {
    const report = await this.compare();
    // Read before this report is saved: what the previous one alerted already.
    const alert = await toAlert(this.deps.db, report.differences);
    const saved = await this.deps.db.transaction(async (tx) => {
      const row = await q.saveReport(tx, {
        clean: report.clean,
        differences: report.differences.length,
        report,
      });
      if (alert.length > 0)
        for (const admin of await this.deps.settings.alertRecipients(tx, 'operations'))
          await this.deps.mail.enqueue(
            tx,
            reconciliationMail(admin, alert, `${this.deps.publicUrl}/admin/reconciliation`),
          );
      return row;
    });
    if (alert.length > 0) this.deps.mail.kick();
    if (report.differences.length > 0) {
      this.deps.log.error(
        { differences: report.differences.length, reportId: saved.id },
        'reconciliation found differences',
      );
    }
    return { ...report, _id: saved.id, ranAt: saved.ranAt.toISOString() };
  }

  /**
   * (a) Transfers on chain to deposit addresses against the payments credited; the blocks read
   * (null when they could not be) for the outflows of deposit-outflows.ts.
   */
  private async chainPart(
    differences: ReconciliationDifference[],
  ): Promise<{ part: Report['chain']; window: OutflowWindow | null }> {
    const empty = { fromBlock: null, toBlock: null, transfers: 0, credited: 0 };
    const unread = (note: string) => ({ part: { checked: false, note, ...empty }, window: null });
    let position;
    try {
      const { identity } = await this.deps.head.position();
      position = await this.deps.subscriptions.scannedThrough(identity);
    } catch (err) {
      this.deps.log.warn({ err }, 'reconciliation: the chain could not be read');
      return unread('The chain could not be read.');
    }
    if (position === undefined) return unread('The payment watcher has not read this chain yet.');
    const to = position;
    const from = to + 1n > this.windowBlocks ? to + 1n - this.windowBlocks : 0n;
    const owners = new Map(
      (await q.depositOwners(this.deps.db)).map((o) => [o.address, o] as const),
    );
    let transfers;
    try {
      transfers = (await this.deps.chain.transfersTo([...owners.keys()], from, to)).filter(
        (t) => !t.removed,
      );
    } catch (err) {
      this.deps.log.warn({ err }, 'reconciliation: transfers could not be read');
      return {
        part: {
          checked: false,
          note: `Transfers of blocks ${from}-${to} could not be read.`,
          ...empty,
          fromBlock: Number(from),
          toBlock: Number(to),
        },
        window: null,
      };
    }
    const credited = await q.paymentsInBlocks(this.deps.db, from, to);
    const key = (hash: string, index: number) => `${hash.toLowerCase()}:${index}`;
    const onChain = new Set(transfers.map((t) => key(t.txHash, t.logIndex)));
    const recorded = new Set(credited.map((p) => key(p.txHash, p.logIndex)));
    for (const t of transfers) {
      if (recorded.has(key(t.txHash, t.logIndex))) continue;
      const owner = owners.get(t.to.toLowerCase());
      const amount = t.amountMicro;
      differences.push({
        kind: 'TRANSFER_NOT_CREDITED',
        detail: `${micro(amount).toFixed(2)} USDT to ${t.to} (member ${owner?.userNumber ?? '?'}) in block ${t.blockNumber}, log ${t.logIndex}, is not credited.`,
        transactionHash: t.txHash.toLowerCase(),
        userId: owner?.userId ?? null,
        amount: micro(amount),
      });
    }
    for (const p of credited) {
      if (onChain.has(key(p.txHash, p.logIndex))) continue;
      differences.push({
        kind: 'CREDIT_WITHOUT_TRANSFER',
        detail: `A credited payment of ${micro(p.amountMicro).toFixed(2)} USDT (log ${p.logIndex}) is not on chain in blocks ${from}-${to}.`,
        transactionHash: p.txHash,
        userId: p.userId,
        amount: micro(p.amountMicro),
      });
    }
    return {
      part: {
        checked: true,
        note: `Blocks ${from}-${to}, read by the payment watcher.`,
        fromBlock: Number(from),
        toBlock: Number(to),
        transfers: transfers.length,
        credited: credited.length,
      },
      window: { fromBlock: from, toBlock: to, owners, incoming: transfers },
    };
  }

  /** (b) Balances against the ledger, and what is owed against what was earned and paid out. */
  private async ledgerPart(differences: ReconciliationDifference[]): Promise<Report['ledger']> {
    const [verified, owed] = await Promise.all([
      this.deps.ledger.verify(100),
      q.liabilities(this.deps.db),
    ]);
    for (const m of verified.mismatches)
      differences.push({
        kind: 'BALANCE_MISMATCH',
        detail: `Balance ${m.column} is ${micro(m.balance).toFixed(6)} USDT; the ledger adds up to ${micro(m.ledger).toFixed(6)} USDT.`,
        transactionHash: null,
        userId: m.userId,
        amount: micro(BigInt(m.balance) - BigInt(m.ledger)),
      });
    for (const m of owed.members)
      differences.push({
        kind: 'LIABILITIES_MISMATCH',
        detail: `Owed ${micro(m.owed).toFixed(6)} USDT, but earned - withdrawn - forfeited is ${micro(m.earnedNet).toFixed(6)} USDT.`,
        transactionHash: null,
        userId: m.userId,
        amount: micro(BigInt(m.owed) - BigInt(m.earnedNet)),
      });
    return {
      checked: true,
      note: 'Every balance against its ledger entries; available + locked + pending against earned - withdrawn - forfeited.',
      entries: verified.entries,
      balances: verified.members,
      liabilities: micro(owed.owed),
      pendingWithdrawals: micro(owed.pendingWithdrawals),
    };
  }

  /** (c) The hot wallet's USDT against the payouts being sent. */
  private async hotWalletPart(
    differences: ReconciliationDifference[],
  ): Promise<Report['hotWallet']> {
    const wallet = this.deps.hotWallet;
    const inFlight = await q.payoutsInFlight(this.deps.db);
    if (!wallet)
      return {
        checked: true,
        note: 'No hot wallet is configured: payouts are made elsewhere.',
        address: null,
        balance: null,
        inFlight: micro(inFlight),
      };
    let balance: bigint;
    try {
      balance = await wallet.usdtMicro();
    } catch (err) {
      this.deps.log.warn({ err }, 'reconciliation: the hot wallet could not be read');
      return {
        checked: false,
        note: 'The hot wallet balance could not be read.',
        address: wallet.address,
        balance: null,
        inFlight: micro(inFlight),
      };
    }
    if (balance < inFlight)
      differences.push({
        kind: 'HOT_WALLET_SHORT',
        detail: `The hot wallet holds ${micro(balance).toFixed(2)} USDT; payouts being sent need ${micro(inFlight).toFixed(2)} USDT.`,
        transactionHash: null,
        userId: null,
        amount: micro(inFlight - balance),
      });
    return {
      checked: true,
      note: 'USDT held against payouts being sent.',
      address: wallet.address,
      balance: micro(balance),
      inFlight: micro(inFlight),
    };
  }
}
