// The composition root: every service of the server built once, from the configuration and the
// database, in dependency order. app.ts registers routes over them; main.ts, the scripts and the
// benchmarks use them directly.
import type { Config } from './config';
import type { Database } from './db/client';
import { ChainHead } from './integrations/chain/chain-head';
import { DEV_DEPOSIT_XPUB, depositAddressDeriver } from './integrations/chain/deposit-addresses';
import { BalanceScanner } from './integrations/chain/balance-scanner';
import { HotWallet, PayoutChain } from './integrations/chain/payout-wallet';
import { BingxClient } from './integrations/exchange/bingx-client';
import {
  devMailboxTransport,
  smtpTransport,
  type MailTransport,
} from './integrations/mail/transport';
import { connectPeers, type Peers } from './integrations/peers';
import { silentLogger, type Logger } from './lib/logger';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { RedisRateLimiter } from './lib/redis-rate-limiter';
import { SecretBox } from './lib/secret-box';
import { AdminService } from './modules/admin/admin.service';
import { AuditService } from './modules/audit/audit.service';
import { AccountSecurityService } from './modules/auth/account-security.service';
import { AntiPhishingService } from './modules/auth/anti-phishing.service';
import { AuthService } from './modules/auth/auth.service';
import { RegistrationService } from './modules/auth/registration.service';
import { SESSION_CHANGES, SessionCache } from './modules/auth/session-cache';
import { SessionTokens } from './modules/auth/session-tokens';
import { exchangeBannedMail } from './modules/compliance/compliance-mails';
import { exchangeEndpointPausedMail } from './modules/exchange-diagnostics/exchange-mails';
import { ComplianceService } from './modules/compliance/compliance.service';
import { DisclosureService } from './modules/disclosure/disclosure.service';
import { ExchangeDiagnosticsService } from './modules/exchange-diagnostics/exchange-diagnostics.service';
import { AccountFreezeService } from './modules/account-freeze/account-freeze.service';
import { FreezeLinks } from './modules/account-freeze/freeze-links';
import { ExchangeLinkService } from './modules/exchange-link/exchange-link.service';
import { LaunchChecklistService } from './modules/launch-checklist/launch-checklist.service';
import { launchChecks } from './modules/launch-checklist/launch-checks';
import { LedgerService } from './modules/ledger/ledger.service';
import { MailAdminService } from './modules/mail/mail-admin.service';
import { MailService } from './modules/mail/mail.service';
import { ReconciliationService } from './modules/reconciliation/reconciliation.service';
import { ProofService } from './modules/proof/proof.service';
import { TREASURY_SCAN_MS, TreasuryService } from './modules/treasury/treasury.service';
import { NETWORK_CHANGES, ReferralsService } from './modules/referrals/referrals.service';
import { ReportsService } from './modules/reports/reports.service';
import { CyclesService } from './modules/rewards/cycles.service';
import { REWARD_CHANGES, RewardsService } from './modules/rewards/rewards.service';
import { SETTINGS_CHANGES, SettingsService } from './modules/settings/settings.service';
import { SiteService } from './modules/settings/site.service';
import { OperatorService } from './modules/settings/operator.service';
import { ClaimsService } from './modules/settings/claims.service';
import { SupportService } from './modules/support/support.service';
import { operatorCheck } from './modules/launch-checklist/operator-check';
import { ChainRescansService } from './modules/subscriptions/chain-rescans.service';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { UidClaimsService } from './modules/uid-claims/uid-claims.service';
import { RiskService } from './modules/risk/risk.service';
import { UidReviewService } from './modules/exchange-link/uid-review.service';
import { HeldCreditsService } from './modules/rewards/held-credits.service';
import { OtpService } from './modules/withdrawals/otp.service';
import { PayoutsService } from './modules/withdrawals/payouts.service';
import { WithdrawalSettlement } from './modules/withdrawals/settlement';
import { WithdrawalReviewService } from './modules/withdrawals/withdrawal-review.service';
import { WithdrawalsService } from './modules/withdrawals/withdrawals.service';

const SESSION_TTL_SECONDS = 24 * 3600;

export interface ServiceOptions {
  /** Where services write their lines: the same pino logger the HTTP server uses. */
  log?: Logger;
  mailTransport?: MailTransport;
  limiter?: RateLimiter;
  /** The chain and the exchange; by default from the config (simulators outside production). */
  peers?: Peers;
  /** Tests: a fault injected inside a cycle run, after the credit and before it completes. */
  cycleFaults?: { afterCredit?: (cycleId: string) => Promise<void> };
  /** Tests: a pause inside a proof build, after the balances are read. */
  proofFaults?: { afterRead?: () => Promise<void> };
  /** Tests: a fault after a payout's intent is stored and before it is broadcast. */
  payoutFaults?: {
    afterIntent?: (withdrawalId: string) => Promise<void>;
    afterSign?: (withdrawalId: string) => Promise<void>;
  };
}

export interface Services {
  auth: AuthService;
  registration: RegistrationService;
  uidClaims: UidClaimsService;
  /** Flagged UID links cleared or rejected, and the credits they hold (decision 044). */
  uidReviews: UidReviewService;
  risk: RiskService;
  twoFactor: TwoFactorService;
  security: AccountSecurityService;
  antiPhishing: AntiPhishingService;
  accountFreeze: AccountFreezeService;
  mail: MailService;
  /** The outbox's state and the relay's test mail, for administrators. */
  mailAdmin: MailAdminService;
  /** How mail leaves: SMTP, or the development mailbox (whose routes exist only then). */
  mailTransport: MailTransport;
  admin: AdminService;
  reports: ReportsService;
  referrals: ReferralsService;
  subscriptions: SubscriptionsService;
  audit: AuditService;
  settings: SettingsService;
  site: SiteService;
  /** The operator's facts and the marketing claims (decision 049). */
  operator: OperatorService;
  claims: ClaimsService;
  /** The public contact form. */
  support: SupportService;
  disclosure: DisclosureService;
  /** The proof of liabilities and the reward cycles' roots (docs/decisions/048). */
  proof: ProofService;
  ledger: LedgerService;
  rewards: RewardsService;
  cycles: CyclesService;
  compliance: ComplianceService;
  exchangeLink: ExchangeLinkService;
  /** The BingX diagnostics page; null when the exchange is not BingX's API (tests' fakes). */
  exchangeDiagnostics: ExchangeDiagnosticsService | null;
  reconciliation: ReconciliationService;
  /** Holdings on chain against liabilities (decision 046). */
  treasury: TreasuryService;
  /** The preflight's checks on the admin dashboard (decision 042). */
  launchChecklist: LaunchChecklistService;
  chainRescans: ChainRescansService;
  otp: OtpService;
  withdrawals: WithdrawalsService;
  withdrawalReview: WithdrawalReviewService;
  withdrawalSettlement: WithdrawalSettlement;
  payouts: PayoutsService;
  peers: Peers;
}

/** The services, and how to let go of what they opened (after the HTTP server has closed). */
export interface Composition {
  services: Services;
  /** Waits for a cycle run in progress, then closes the mail transport, the peers and Redis. */
  close: () => Promise<void>;
}

/** Shared through Redis when REDIS_URL is set (several instances), else in this process. */
async function rateLimiterFor(config: Config, log: Logger): Promise<RateLimiter> {
  if (!config.redisUrl) return new MemoryRateLimiter();
  const limiter = new RedisRateLimiter(config.redisUrl, log);
  try {
    await limiter.ready();
  } catch (err) {
    await limiter.close();
    throw err;
  }
  return limiter;
}

export async function createServices(
  config: Config,
  database: Database,
  options: ServiceOptions = {},
): Promise<Composition> {
  const db = database.db;
  const log = options.log ?? silentLogger;
  const { publicUrl } = config;
  const mailTransport =
    options.mailTransport ??
    (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : devMailboxTransport());
  const limiter = options.limiter ?? (await rateLimiterFor(config, log));
  const peers = options.peers ?? (await connectPeers(config));
  const chainHead = new ChainHead(peers.chain, peers.chainIdentity);

  const audit = new AuditService(db);
  const freezeLinks = new FreezeLinks(config.jwtSecret, publicUrl);
  const settings = new SettingsService(db, audit, database.changes(SETTINGS_CHANGES));
  const mail = new MailService({
    db,
    transport: mailTransport,
    from: config.mail.from,
    log,
    settings,
    publicUrl,
    notMeUrl: (accountId) => (accountId ? freezeLinks.urlFor(accountId) : `${publicUrl}/support`),
  });
  const site = new SiteService(db, audit, config.siteLinks, database.changes(SETTINGS_CHANGES));
  const operator = new OperatorService(
    db,
    audit,
    config.operator,
    database.changes(SETTINGS_CHANGES),
  );
  const disclosure = new DisclosureService(db);
  const twoFactor = new TwoFactorService({
    db,
    box: new SecretBox(config.twoFactorKey),
    hmacKey: config.twoFactorKey,
    limiter,
  });
  const security = new AccountSecurityService({
    db,
    tokens: new SessionTokens(config.jwtSecret, SESSION_TTL_SECONDS),
    mail,
    publicUrl,
    cache: new SessionCache(database.changes(SESSION_CHANGES)),
  });
  const registration = new RegistrationService({
    db,
    mail,
    limiter,
    depositAddresses: depositAddressDeriver(config.chain.depositXpub ?? DEV_DEPOSIT_XPUB),
    // Recorded with each deposit address: the watcher reads it from there (decision 014).
    depositIssuePosition: () => chainHead.positionWithin(3_000),
    publicUrl,
    log,
    settings,
  });
  const auth = new AuthService({
    db,
    mail,
    security,
    twoFactor,
    registration,
    sessionTtlSeconds: SESSION_TTL_SECONDS,
    limiter,
    publicUrl,
    log,
    audit,
    settings,
  });
  const antiPhishing = new AntiPhishingService({ db, auth, security, secondFactor: twoFactor });
  const ledger = new LedgerService(db);
  const rewards = new RewardsService(db, settings, database.changes(REWARD_CHANGES));
  const cycles = new CyclesService({
    db,
    exchange: peers.exchange,
    settings,
    audit,
    log,
    mail,
    publicUrl,
    ...(options.cycleFaults?.afterCredit ? { afterCredit: options.cycleFaults.afterCredit } : {}),
  });
  const subscriptions = new SubscriptionsService({
    db,
    chain: peers.chain,
    head: chainHead,
    limiter,
    rescanBlocks: config.chain.rescanBlocks,
    usdtContract: peers.usdtContract,
    explorerUrl: peers.explorerUrl,
    simulatedChain: config.devRoutes ? peers.simulatedChain : null,
    log,
    mail,
    publicUrl,
    settings,
    rewards,
  });
  const otp = new OtpService({
    db,
    mail,
    secret: config.jwtSecret,
    findMember: (id) => auth.findById(id),
  });
  const withdrawalSettlement = new WithdrawalSettlement(audit, peers.explorerUrl, {
    mail,
    publicUrl,
  });
  // Payouts need a real chain (CHAIN_RPC_URL): the simulated one cannot execute transactions.
  const payoutChain = config.chain.rpcUrl
    ? new PayoutChain({
        rpcUrl: config.chain.rpcUrl,
        usdtContract: config.chain.usdtContract,
        tokenDecimals: peers.chain.tokenDecimals,
      })
    : null;
  const hotWallet = config.chain.payoutPrivateKey
    ? new HotWallet(config.chain.payoutPrivateKey)
    : null;
  const payouts = new PayoutsService({
    db,
    settlement: withdrawalSettlement,
    chain: payoutChain,
    wallet: hotWallet,
    finalizedBlock: async () => (await chainHead.fresh()).final,
    log,
    ...(options.payoutFaults?.afterIntent ? { afterIntent: options.payoutFaults.afterIntent } : {}),
    ...(options.payoutFaults?.afterSign ? { afterSign: options.payoutFaults.afterSign } : {}),
  });
  const withdrawals = new WithdrawalsService(db, otp, settings, peers.explorerUrl, {
    mail,
    publicUrl,
    frozenUntil: (userId) => security.withdrawalsFrozenUntil(userId),
    secondFactor: twoFactor,
    logEvent: (tx, userId, kind) => security.log(tx, userId, kind, { ip: null, userAgent: null }),
    payouts,
  });
  const withdrawalReview = new WithdrawalReviewService(
    db,
    audit,
    peers.explorerUrl,
    withdrawalSettlement,
    payouts,
    mail,
  );
  const admin = new AdminService(db, subscriptions, audit, rewards, withdrawalReview);
  const exchangeLink = new ExchangeLinkService({
    db,
    exchange: peers.exchange,
    limiter,
    settings,
    log,
  });
  const compliance = new ComplianceService({
    db,
    audit,
    exchange: peers.exchange,
    settings,
    mail,
    publicUrl,
    log,
    modeFromEnvironment: config.complianceMode,
    isProduction: config.isProduction,
  });
  const uidClaims = new UidClaimsService({
    db,
    exchange: peers.exchange,
    limiter,
    audit,
    mail,
    publicUrl,
    log,
  });
  if (peers.exchange instanceof BingxClient) {
    // One BingX budget for every instance when they share Redis.
    if (limiter instanceof RedisRateLimiter) peers.exchange.transport.sharedSlots = limiter;
    const transport = peers.exchange.transport;
    transport.log = log;
    /** Mails every administrator who takes operations alerts; logged when that fails. */
    const alertAdmins = (
      render: (admin: { email: string; firstName: string }) => Parameters<typeof mail.enqueue>[1],
    ) =>
      void db
        .transaction(async (tx) => {
          for (const admin of await settings.alertRecipients(tx, 'operations'))
            await mail.enqueue(tx, render(admin));
        })
        .then(() => mail.kick())
        .catch((err: unknown) => log.error({ err }, 'could not mail the BingX alert'));
    transport.onBan = (ban) => {
      log.error({ ban }, 'BingX ban: exchange calls paused');
      alertAdmins((admin) => exchangeBannedMail(admin, ban));
    };
    transport.onEndpointPause = (pause) =>
      alertAdmins((admin) => exchangeEndpointPausedMail(admin, pause));
  }
  const chainRescans = new ChainRescansService({
    db,
    chain: peers.chain,
    head: chainHead,
    subscriptions,
    audit,
    log,
  });
  const reconciliation = new ReconciliationService({
    db,
    chain: peers.chain,
    head: chainHead,
    subscriptions,
    ledger,
    audit,
    settings,
    mail,
    log,
    publicUrl,
    explorerUrl: peers.explorerUrl,
    sweepDestinations: config.chain.sweepDestinations,
    hotWallet:
      payoutChain && hotWallet
        ? { address: hotWallet.address, usdtMicro: () => payoutChain.usdtMicro(hotWallet.address) }
        : null,
  });
  const treasuryRpcUrl = peers.rpcUrl ?? config.chain.rpcUrl;
  const treasury = new TreasuryService({
    db,
    scanner: treasuryRpcUrl
      ? new BalanceScanner({
          rpcUrl: treasuryRpcUrl,
          usdtContract: peers.usdtContract,
          tokenDecimals: peers.chain.tokenDecimals,
          requestsPerSecond: config.treasury.requestsPerSecond,
          concurrency: config.treasury.concurrency,
          batchSize: config.treasury.batchSize,
        })
      : null,
    hotWallet: hotWallet?.address.toLowerCase() ?? null,
    treasuryAddresses: config.treasury.addresses,
    mail,
    settings,
    log,
    publicUrl,
    explorerUrl: peers.explorerUrl,
    staleAfterMs: 3 * TREASURY_SCAN_MS,
  });
  const services: Services = {
    auth,
    registration,
    uidClaims,
    uidReviews: new UidReviewService({
      db,
      audit,
      held: new HeldCreditsService(db),
      uidClaims,
    }),
    risk: new RiskService({ db, audit, mail, settings, publicUrl, log }),
    twoFactor,
    security,
    antiPhishing,
    accountFreeze: new AccountFreezeService({
      db,
      links: freezeLinks,
      security,
      audit,
      mail,
      settings,
      publicUrl,
    }),
    mail,
    mailAdmin: new MailAdminService({
      db,
      mail,
      audit,
      limiter,
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
    }),
    mailTransport,
    admin,
    reports: new ReportsService(db),
    referrals: new ReferralsService(db, {}, database.changes(NETWORK_CHANGES)),
    subscriptions,
    audit,
    settings,
    site,
    proof: new ProofService({
      db,
      audit,
      // The holdings published beside the root: the treasury's last scan of the chain.
      latestHoldings: () => treasury.latestHoldings(),
      log,
      ...(options.proofFaults?.afterRead ? { afterRead: options.proofFaults.afterRead } : {}),
    }),
    operator,
    claims: new ClaimsService(db, audit, disclosure, settings, database.changes(SETTINGS_CHANGES)),
    support: new SupportService({ db, mail, limiter, site, operator, settings }),
    disclosure,
    ledger,
    rewards,
    cycles,
    compliance,
    exchangeLink,
    exchangeDiagnostics:
      peers.exchange instanceof BingxClient
        ? new ExchangeDiagnosticsService(
            peers.exchange,
            peers.bingxSimulator !== null,
            peers.bingxSimulator?.baseUrl || config.exchange.baseUrl,
            db,
          )
        : null,
    reconciliation,
    treasury,
    launchChecklist: new LaunchChecklistService([
      ...launchChecks(config, async () => database),
      operatorCheck(async () => ({
        facts: await operator.facts(),
        supportEmail: (await site.links()).supportEmail,
        from: 'as published',
      })),
    ]),
    chainRescans,
    otp,
    withdrawals,
    withdrawalReview,
    withdrawalSettlement,
    payouts,
    peers,
  };
  return {
    services,
    close: async () => {
      await cycles.settled();
      mailTransport.close();
      if (!options.peers) await peers.close();
      if (limiter instanceof RedisRateLimiter && !options.limiter) await limiter.close();
    },
  };
}
