import type { Config } from './config';
import type { JobDefinition } from './jobs/scheduler';
import type { Services } from './services';
import { DAY_MS, HOUR_MS } from '@ctn/contracts/time';
import { TREASURY_SCAN_MS } from './modules/treasury/treasury.service';

/** Every background job the server runs, with its period (each runs once per period overall). */
export function backgroundJobs(services: Services, config: Config): JobDefinition[] {
  return [
    {
      name: 'mail-outbox',
      intervalMs: 10_000,
      run: () => services.mail.deliverDue(),
    },
    {
      // The oldest unsent mail past 15 minutes alerts the administrators, once until the outbox
      // catches up (decision 036).
      name: 'mail-backlog',
      intervalMs: 60_000,
      firstAfterMs: 60_000,
      run: () => services.mail.watchBacklog(),
    },
    {
      // Members credited by a completed reward cycle hear of it once (unless switched off).
      name: 'cycle-mails',
      intervalMs: 60_000,
      firstAfterMs: 30_000,
      run: () => services.cycles.announceCycles(),
    },
    {
      // Delivered mails are kept for the saved retention, then deleted.
      name: 'mail-retention',
      intervalMs: HOUR_MS,
      firstAfterMs: 60_000,
      run: async () =>
        services.mail.purgeDelivered((await services.settings.system()).mailRetentionDays),
    },
    {
      // Registrations nobody verified within 48 h are deleted (they hold no address, no money).
      name: 'unverified-purge',
      intervalMs: HOUR_MS,
      firstAfterMs: 90_000,
      run: () => services.registration.purgeUnverified(),
    },
    {
      // BSC makes a block about every 3 s; a payment is final a few blocks later.
      name: 'payment-watcher',
      intervalMs: config.chainPollMs,
      run: () => services.subscriptions.watch(),
    },
    {
      // An administrator's "rescan from block N", a batch further each run.
      name: 'chain-rescans',
      intervalMs: 10_000,
      run: () => services.chainRescans.continue(),
    },
    {
      name: 'expiry-reminders',
      intervalMs: HOUR_MS,
      run: () => services.subscriptions.sendExpiryReminders(),
    },
    {
      // A cycle left RUNNING by a process that died is resumed; the run credits exactly once.
      name: 'reward-cycles',
      intervalMs: 60_000,
      firstAfterMs: 10_000,
      run: () => services.cycles.resumeStalled(),
    },
    {
      // Daily; the first a few minutes after the very first start. A second run the same day
      // changes nothing. Reading every linked member from the exchange takes a while.
      name: 'compliance',
      intervalMs: DAY_MS,
      firstAfterMs: 300_000,
      leaseMs: 600_000,
      run: () => services.compliance.runDaily(),
    },
    {
      // Daily: the chain, the ledger and the hot wallet compared; differences mailed (decision 014).
      name: 'reconciliation',
      intervalMs: DAY_MS,
      firstAfterMs: 600_000,
      leaseMs: 600_000,
      run: () => services.reconciliation.runDaily(),
    },
    {
      // The public earnings disclosure, once per UTC day (checked hourly: a restart never skips
      // a day, a second run the same day changes nothing).
      name: 'earnings-disclosure',
      intervalMs: HOUR_MS,
      firstAfterMs: 20_000,
      run: () => services.disclosure.buildDaily(),
    },
    {
      // The proof of liabilities, once per UTC day (checked hourly, like the disclosure).
      name: 'proof-of-liabilities',
      intervalMs: HOUR_MS,
      firstAfterMs: 40_000,
      leaseMs: 600_000,
      run: () => services.proof.buildDaily(),
    },
    {
      // A completed reward cycle's root of its lines is published within a minute.
      name: 'cycle-roots',
      intervalMs: 60_000,
      firstAfterMs: 45_000,
      run: () => services.proof.publishCycleRoots(),
    },
    {
      // Daily: administrators are mailed the risk signals new since the last digest, if any.
      name: 'risk-digest',
      intervalMs: DAY_MS,
      firstAfterMs: 900_000,
      run: () => services.risk.digest(),
    },
    {
      // Deposit addresses, the hot wallet and the treasury addresses read from the chain and
      // kept (decision 046); alerts when the hot wallet or coverage falls short.
      name: 'treasury-scan',
      intervalMs: TREASURY_SCAN_MS,
      firstAfterMs: 120_000,
      leaseMs: 600_000,
      run: () => services.treasury.scan(),
    },
    {
      // The treasury's daily snapshot (checked hourly: a restart never skips a day).
      name: 'treasury-snapshot',
      intervalMs: HOUR_MS,
      firstAfterMs: 300_000,
      run: () => services.treasury.snapshotDaily(),
    },
    {
      // Hot-wallet payouts left SENDING (a crash, a lost connection): re-sent with the same bytes.
      name: 'payout-recovery',
      intervalMs: 60_000,
      firstAfterMs: 5_000,
      run: () => services.payouts.recover(),
    },
  ];
}
