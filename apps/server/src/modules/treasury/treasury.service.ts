import type { Holding, TreasuryOverview } from '@ctn/contracts/treasury';
import { formatUnits } from 'viem';
import type { Db } from '../../db/client';
import type { BalanceScanner, ScanMethod } from '../../integrations/chain/balance-scanner';
import { faultKind } from '../../integrations/chain/rpc-errors';
import type { Logger } from '../../lib/logger';
import { decimalToMicro, usdtDecimal } from '../../lib/money';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { coverageLowMail, hotWalletShortMail } from './treasury-mails';
import * as q from './treasury.queries';

export interface TreasuryDeps {
  db: Db;
  /** Reads balances from the chain; null: no node to read (holdings stay unknown). */
  scanner: BalanceScanner | null;
  /** The payout wallet's address (PAYOUT_PRIVATE_KEY); null when payouts are made elsewhere. */
  hotWallet: string | null;
  /** TREASURY_ADDRESSES, lower-cased. */
  treasuryAddresses: readonly string[];
  mail: MailService;
  settings: SettingsService;
  log: Logger;
  publicUrl: string;
  explorerUrl: string | null;
  /** A value read longer ago than this is stale even though no read failed (the job stopped). */
  staleAfterMs: number;
}

/** What the treasury page's total is, for another page to show (the public proof). */
export type HoldingsTotal = { usdt: string; asOf: string; stale: boolean };

/** How often the job scans the chain (a scan of 100,000 addresses takes about a minute). */
export const TREASURY_SCAN_MS = 15 * 60_000;
const HOT_WALLET_SHORT = 'treasury-hot-wallet-short';
const COVERAGE_LOW = 'treasury-coverage-low';
const SNAPSHOT_DAYS = 90;

interface KnownHolding {
  micro: bigint | null;
  asOf: Date | null;
  stale: boolean;
}

/**
 * The treasury (decision 046): what the platform holds on chain against what it owes members.
 * A background scan reads every deposit address, the hot wallet and the treasury addresses and
 * keeps their last good values; the page reads those. A read that fails leaves the last good
 * value, marked stale with its time: never zero. Coverage is holdings / liabilities, or unknown.
 */
export class TreasuryService {
  constructor(private readonly deps: TreasuryDeps) {}

  /** The job: one scan of the chain, then the alerts on what it found. */
  async scan(): Promise<void> {
    const { db, scanner, log } = this.deps;
    if (!scanner) return;
    const addresses = await q.depositAddresses(db);
    const scan = await q.startScan(db, addresses.length);
    const before = scanner.requests;
    let method: ScanMethod | null = null;
    let read = 0;
    const errors: string[] = [];
    const failed = (what: string, err: unknown) => {
      log.warn({ err, kind: faultKind(err) }, `treasury: ${what} could not be read`);
      errors.push(`${what}: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`);
    };
    try {
      method = await scanner.method();
    } catch (err) {
      failed('the chain', err);
    }
    if (method === null) {
      await q.markFailed(db, ['DEPOSIT', 'HOT_WALLET', 'TREASURY'], scan.startedAt);
    } else {
      await this.readFewPlaces(scanner, method, scan.startedAt).catch((err: unknown) =>
        failed('the hot wallet and treasury addresses', err),
      );
      try {
        await scanner.scan(addresses, method, async (balances) => {
          await q.storeBalances(db, 'DEPOSIT', balances, new Date());
          read += balances.length;
        });
      } catch (err) {
        failed('deposit addresses', err);
        await q.markFailed(db, ['DEPOSIT'], scan.startedAt);
      }
    }
    await q.finishScan(db, scan.id, {
      method,
      read,
      requests: scanner.requests - before,
      error: errors.length > 0 ? errors.join('; ') : null,
    });
    await this.alert(await this.overview());
  }

  /** The hot wallet's USDT and BNB and the treasury addresses' USDT: a handful, read first. */
  private async readFewPlaces(scanner: BalanceScanner, method: ScanMethod, startedAt: Date) {
    const { db, hotWallet, treasuryAddresses } = this.deps;
    const few = [...(hotWallet ? [hotWallet] : []), ...treasuryAddresses];
    if (few.length === 0) return;
    try {
      const [balances, nativeWei] = await Promise.all([
        scanner.balancesOf(few, method),
        hotWallet ? scanner.nativeBalance(hotWallet) : Promise.resolve(undefined),
      ]);
      const now = new Date();
      const hot = balances.filter((b) => b.address === hotWallet);
      await q.storeBalances(
        db,
        'HOT_WALLET',
        hot.map((b) => ({ ...b, ...(nativeWei === undefined ? {} : { nativeWei }) })),
        now,
      );
      await q.storeBalances(
        db,
        'TREASURY',
        balances.filter((b) => b.address !== hotWallet),
        now,
      );
    } catch (err) {
      await q.markFailed(db, ['HOT_WALLET', 'TREASURY'], startedAt);
      throw err;
    }
  }

  async overview(): Promise<TreasuryOverview> {
    const { db, hotWallet, treasuryAddresses } = this.deps;
    const [deposits, stored, owed, scan, days] = await Promise.all([
      q.depositTotals(db),
      q.balancesOf(db, [...(hotWallet ? [hotWallet] : []), ...treasuryAddresses]),
      q.liabilities(db),
      q.latestScan(db),
      q.snapshots(db, SNAPSHOT_DAYS),
    ]);
    const byAddress = new Map(stored.map((s) => [s.address, s] as const));
    const depositHolding: KnownHolding = {
      // No member yet: nothing to hold there, known as of the last scan that finished.
      micro: deposits.read > 0 || deposits.addresses === 0 ? deposits.micro : null,
      asOf:
        deposits.oldestReadAt ??
        (deposits.addresses === 0 && scan?.finishedAt && !scan.error ? scan.finishedAt : null),
      stale: deposits.failed > 0 || deposits.read < deposits.addresses,
    };
    const hotHolding = hotWallet ? this.holdingOf(byAddress.get(hotWallet)) : null;
    const treasury = treasuryAddresses.map((address) => ({
      address,
      held: this.holdingOf(byAddress.get(address)),
    }));
    const total = this.totalOf([
      depositHolding,
      ...(hotHolding ? [hotHolding] : []),
      ...treasury.map((t) => t.held),
    ]);
    const pending = owed.pendingBucket - owed.approvedUnsent;
    const owedTotal = owed.available + owed.locked + pending + owed.approvedUnsent;
    const hotRow = hotWallet ? byAddress.get(hotWallet) : undefined;
    return {
      holdings: {
        depositAddresses: {
          ...this.shown(depositHolding),
          addresses: deposits.addresses,
          unread: deposits.addresses - deposits.read,
        },
        hotWallet:
          hotWallet && hotHolding
            ? {
                ...this.shown(hotHolding),
                address: hotWallet,
                bnb: hotRow?.nativeWei ? formatUnits(BigInt(hotRow.nativeWei), 18) : null,
              }
            : null,
        treasuryAddresses: treasury.map((t) => ({ ...this.shown(t.held), address: t.address })),
        total: this.shown(total),
      },
      liabilities: {
        available: usdtDecimal(owed.available),
        locked: usdtDecimal(owed.locked),
        pending: usdtDecimal(pending),
        approvedUnsent: usdtDecimal(owed.approvedUnsent),
        total: usdtDecimal(owedTotal),
      },
      coverage: coverageOf(total.micro, owedTotal),
      lastScan: scan
        ? {
            startedAt: scan.startedAt.toISOString(),
            finishedAt: scan.finishedAt?.toISOString() ?? null,
            method: scan.method,
            addresses: scan.addresses,
            read: scan.read,
            error: scan.error,
          }
        : null,
      snapshots: days.map((d) => ({
        day: d.day,
        holdings: d.holdingsMicro === null ? null : usdtDecimal(d.holdingsMicro),
        liabilities: usdtDecimal(d.liabilitiesMicro),
        coverage: d.coverage,
        stale: d.stale,
      })),
      explorerUrl: this.deps.explorerUrl,
    };
  }

  /**
   * The total held on chain (deposit addresses, hot wallet, treasury addresses), for the public
   * proof page; null while any of them was never read.
   */
  async latestHoldings(): Promise<HoldingsTotal | null> {
    const { total } = (await this.overview()).holdings;
    return total.usdt !== null && total.asOf !== null
      ? { usdt: total.usdt, asOf: total.asOf, stale: total.stale }
      : null;
  }

  /** The daily job: today's snapshot (UTC), once; a second call the same day changes nothing. */
  async snapshotDaily(): Promise<boolean> {
    const overview = await this.overview();
    const { total } = overview.holdings;
    return q.insertSnapshot(this.deps.db, {
      holdingsMicro: total.usdt === null ? null : micro(total.usdt),
      liabilitiesMicro: micro(overview.liabilities.total),
      coverage: overview.coverage,
      stale: total.stale,
      detail: { holdings: overview.holdings, liabilities: overview.liabilities },
    });
  }

  /**
   * Administrators are mailed once per episode: the hot wallet holds less USDT than the payouts
   * approved and not yet settled, or holdings fall under liabilities. An unknown figure neither
   * opens nor ends an episode.
   */
  private async alert(overview: TreasuryOverview): Promise<void> {
    const { hotWallet } = overview.holdings;
    const approved = micro(overview.liabilities.approvedUnsent);
    const heldText = hotWallet?.usdt ?? null;
    if (hotWallet && heldText !== null) {
      await this.episode(HOT_WALLET_SHORT, micro(heldText) < approved, (admin) =>
        hotWalletShortMail(admin, {
          address: hotWallet.address,
          held: heldText,
          needed: overview.liabilities.approvedUnsent,
          asOf: hotWallet.asOf,
          stale: hotWallet.stale,
          pageUrl: this.pageUrl,
        }),
      );
    }
    const { coverage } = overview;
    const owed = micro(overview.liabilities.total);
    if (owed === 0n) await this.deps.mail.closeAlertEpisode(this.deps.db, COVERAGE_LOW);
    else if (coverage !== null)
      await this.episode(COVERAGE_LOW, Number(coverage) < 1, (admin) =>
        coverageLowMail(admin, {
          coverage,
          holdings: overview.holdings.total.usdt!,
          liabilities: overview.liabilities.total,
          stale: overview.holdings.total.stale,
          pageUrl: this.pageUrl,
        }),
      );
  }

  private get pageUrl(): string {
    return `${this.deps.publicUrl}/admin/treasury`;
  }

  private async episode(
    name: string,
    holds: boolean,
    render: (admin: { email: string; firstName: string }) => Parameters<MailService['enqueue']>[1],
  ): Promise<void> {
    const { db, mail, settings, log } = this.deps;
    if (!holds) return mail.closeAlertEpisode(db, name);
    const opened = await db.transaction(async (tx) => {
      if (!(await mail.openAlertEpisode(tx, name))) return false;
      for (const admin of await settings.alertRecipients(tx, 'operations'))
        await mail.enqueue(tx, render(admin));
      return true;
    });
    if (!opened) return;
    log.error({ alert: name }, 'treasury alert');
    mail.kick();
  }

  private holdingOf(row: q.StoredBalance | undefined): KnownHolding {
    if (!row) return { micro: null, asOf: null, stale: true };
    return { micro: row.usdtMicro, asOf: row.readAt, stale: row.failedAt !== null };
  }

  /** Unknown when any part is; as of the oldest part; stale when any part is. */
  private totalOf(parts: KnownHolding[]): KnownHolding {
    let sum = 0n;
    let unknown = false;
    let asOf: Date | null = null;
    for (const part of parts) {
      if (part.micro === null) unknown = true;
      else sum += part.micro;
      if (part.asOf && (!asOf || part.asOf < asOf)) asOf = part.asOf;
    }
    return { micro: unknown ? null : sum, asOf, stale: parts.some((p) => p.stale) };
  }

  /** As the page shows it; a value read longer ago than `staleAfterMs` is stale too. */
  private shown(holding: KnownHolding): Holding {
    const old =
      holding.asOf !== null && Date.now() - holding.asOf.getTime() > this.deps.staleAfterMs;
    return {
      usdt: holding.micro === null ? null : usdtDecimal(holding.micro),
      asOf: holding.asOf?.toISOString() ?? null,
      stale: holding.stale || old,
    };
  }
}

/** One of our own decimal strings (usdtDecimal's) back in micro-USDT: always a number. */
const micro = (usdt: string): bigint => decimalToMicro(usdt)!;

/**
 * Holdings / liabilities to 4 decimals, rounded down (coverage is never overstated); null when
 * holdings are unknown or nothing is owed.
 */
export function coverageOf(held: bigint | null, owed: bigint): string | null {
  if (held === null || owed <= 0n) return null;
  const ratio = (held * 10_000n) / owed;
  return `${ratio / 10_000n}.${(ratio % 10_000n).toString().padStart(4, '0')}`;
}
