import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { DEV_DEPOSIT_XPUB, depositAddressDeriver } from './integrations/chain/deposit-addresses';
import {
  devMailboxTransport,
  smtpTransport,
  type MailTransport,
} from './integrations/mail/transport';
import { DEMO_EXCHANGE_ACCOUNTS } from './integrations/exchange/demo-accounts';
import { connectPeers, type Peers } from './integrations/peers';
import { ChainHead } from './integrations/chain/chain-head';
import { HotWallet, PayoutChain } from './integrations/chain/payout-wallet';
import type { Logger } from './lib/logger';
import { MemoryRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { RedisRateLimiter } from './lib/redis-rate-limiter';
import { parseQueryString } from './lib/query-string';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { AdminService } from './modules/admin/admin.service';
import { authRoutes } from './modules/auth/auth.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { ReconciliationService } from './modules/reconciliation/reconciliation.service';
import { ComplianceService } from './modules/compliance/compliance.service';
import {
  devExchangeRoutes,
  exchangeLinkRoutes,
} from './modules/exchange-link/exchange-link.routes';
import { ExchangeLinkService } from './modules/exchange-link/exchange-link.service';
import { AccountSecurityService } from './modules/auth/account-security.service';
import { accountSecurityRoutes } from './modules/auth/account-security.routes';
import { AuthService } from './modules/auth/auth.service';
import { BingxClient } from './integrations/exchange/bingx-client';
import { UidClaimsService } from './modules/uid-claims/uid-claims.service';
import { ExchangeDiagnosticsService } from './modules/exchange-diagnostics/exchange-diagnostics.service';
import { exchangeDiagnosticsRoutes } from './modules/exchange-diagnostics/exchange-diagnostics.routes';
import { adminUidClaimRoutes, memberUidClaimRoutes } from './modules/uid-claims/uid-claims.routes';
import { exchangeBannedMail } from './modules/compliance/compliance-mails';
import { RegistrationService } from './modules/auth/registration.service';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { devTotpRoutes, twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { SecretBox } from './lib/secret-box';
import { SessionTokens } from './modules/auth/session-tokens';
import { SESSION_CHANGES, SessionCache } from './modules/auth/session-cache';
import { healthRoutes } from './modules/health/health.routes';
import { checkHealth, systemOverview } from './modules/health/health.service';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes';
import { MailService } from './modules/mail/mail.service';
import {
  devPaymentRoutes,
  chainRescanRoutes,
  subscriptionsRoutes,
} from './modules/subscriptions/subscriptions.routes';
import { ChainRescansService } from './modules/subscriptions/chain-rescans.service';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { LedgerService } from './modules/ledger/ledger.service';
import { cyclesRoutes } from './modules/rewards/cycles.routes';
import { CyclesService } from './modules/rewards/cycles.service';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { REWARD_CHANGES, RewardsService } from './modules/rewards/rewards.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { SETTINGS_CHANGES, SettingsService } from './modules/settings/settings.service';
import { adminSiteRoutes, publicSiteRoutes } from './modules/settings/site.routes';
import { SiteService } from './modules/settings/site.service';
import {
  adminDisclosureRoutes,
  publicDisclosureRoutes,
} from './modules/disclosure/disclosure.routes';
import { DisclosureService } from './modules/disclosure/disclosure.service';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { WithdrawalsService } from './modules/withdrawals/withdrawals.service';
import { otpRoutes } from './modules/withdrawals/otp.routes';
import { OtpService } from './modules/withdrawals/otp.service';
import { WithdrawalReviewService } from './modules/withdrawals/withdrawal-review.service';
import { PayoutsService } from './modules/withdrawals/payouts.service';
import { NETWORK_CHANGES, ReferralsService } from './modules/referrals/referrals.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { registerAuth } from './plugins/auth';
import { registerBodyParsers } from './plugins/body-parsers';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerMaintenance } from './plugins/maintenance';
import { compiledSerializerCompiler } from './plugins/compiled-serializer';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestId } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';

export const VERSION = '0.1.0';
const SESSION_TTL_SECONDS = 24 * 3600;
const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  /** The built web app to serve; null serves the API only. */
  webDir?: string | null;
  mailTransport?: MailTransport;
  limiter?: RateLimiter;
  /** The chain and the exchange; by default from the config (simulators outside production). */
  peers?: Peers;
  logger?: FastifyServerOptions['logger'];
  /**
   * Tests: every answer serialised by the contract's zod schema as well as by the compiled code,
   * and refused when they disagree (plugins/compiled-serializer.ts). Off in every server that
   * main.ts starts, as in production, the load benchmark's included.
   */
  checkSerialization?: boolean;
  /** Tests: a fault injected inside a cycle run, after the credit and before it completes. */
  cycleFaults?: { afterCredit?: (cycleId: string) => Promise<void> };
  /** Tests: a fault after a payout's intent is stored and before it is broadcast. */
  payoutFaults?: { afterIntent?: (withdrawalId: string) => Promise<void> };
}

export interface Services {
  auth: AuthService;
  registration: RegistrationService;
  uidClaims: UidClaimsService;
  twoFactor: TwoFactorService;
  security: AccountSecurityService;
  mail: MailService;
  admin: AdminService;
  subscriptions: SubscriptionsService;
  audit: AuditService;
  settings: SettingsService;
  site: SiteService;
  disclosure: DisclosureService;
  ledger: LedgerService;
  rewards: RewardsService;
  cycles: CyclesService;
  compliance: ComplianceService;
  reconciliation: ReconciliationService;
  chainRescans: ChainRescansService;
  otp: OtpService;
  withdrawals: WithdrawalsService;
  withdrawalReview: WithdrawalReviewService;
  payouts: PayoutsService;
  peers: Peers;
}

/** One registered route and who may call it (the authorization matrix test walks these). */
export interface RouteEntry {
  method: string;
  url: string;
  auth: 'user' | 'admin' | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeTable: RouteEntry[];
  }
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

/** The whole HTTP application; main.ts listens with it, tests call `inject()` on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the configured reverse proxies may name the client (TRUST_PROXY, docs/operations.md);
    // anyone else's X-Forwarded-For is ignored, so per-address limits key on real addresses.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Request ids, and the envelope 503 during a close: plugins/request-id.ts.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    // Nested objects arrive as key[sub]=v (admin section 7): lib/query-string.ts.
    routerOptions: { querystringParser: parseQueryString },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    compiledSerializerCompiler({ checked: options.checkSerialization ?? false }),
  );

  const transport =
    options.mailTransport ??
    (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : devMailboxTransport());
  const limiter = options.limiter ?? (await rateLimiterFor(config, app.log));
  const audit = new AuditService(database.db);
  const mail = new MailService(database.db, transport, config.mail.from, app.log);
  const settings = new SettingsService(database.db, audit, database.changes(SETTINGS_CHANGES));
  const site = new SiteService(
    database.db,
    audit,
    config.siteLinks,
    database.changes(SETTINGS_CHANGES),
  );
  const disclosure = new DisclosureService(database.db);
  const peers = options.peers ?? (await connectPeers(config));
  if (!options.peers) app.addHook('onClose', () => peers.close());
  const chainHead = new ChainHead(peers.chain);
  const twoFactor = new TwoFactorService({
    db: database.db,
    box: new SecretBox(config.twoFactorKey),
    hmacKey: config.twoFactorKey,
    limiter,
  });
  const security = new AccountSecurityService({
    db: database.db,
    tokens: new SessionTokens(config.jwtSecret, SESSION_TTL_SECONDS),
    mail,
    publicUrl: config.publicUrl,
    cache: new SessionCache(database.changes(SESSION_CHANGES)),
  });
  const registration = new RegistrationService({
    db: database.db,
    mail,
    limiter,
    depositAddresses: depositAddressDeriver(config.chain.depositXpub ?? DEV_DEPOSIT_XPUB),
    // Recorded with each deposit address: the watcher reads it from there (decision 014).
    depositIssuePosition: () => chainHead.positionWithin(3_000),
    publicUrl: config.publicUrl,
    log: app.log,
    settings,
  });
  const auth = new AuthService({
    db: database.db,
    mail,
    security,
    twoFactor,
    registration,
    sessionTtlSeconds: SESSION_TTL_SECONDS,
    limiter,
    publicUrl: config.publicUrl,
    log: app.log,
    audit,
    settings,
  });
  const ledger = new LedgerService(database.db);
  const rewards = new RewardsService(database.db, settings, database.changes(REWARD_CHANGES));
  const cycles = new CyclesService({
    db: database.db,
    exchange: peers.exchange,
    settings,
    audit,
    log: app.log,
    mail,
    publicUrl: config.publicUrl,
    ...(options.cycleFaults?.afterCredit ? { afterCredit: options.cycleFaults.afterCredit } : {}),
  });
  app.addHook('onClose', () => cycles.settled());
  const subscriptions = new SubscriptionsService({
    db: database.db,
    chain: peers.chain,
    head: chainHead,
    limiter,
    rescanBlocks: config.chain.rescanBlocks,
    usdtContract: peers.usdtContract,
    explorerUrl: peers.explorerUrl,
    simulatedChain: config.devRoutes ? peers.simulatedChain : null,
    log: app.log,
    mail,
    publicUrl: config.publicUrl,
    settings,
    rewards,
  });
  const otp = new OtpService({
    db: database.db,
    mail,
    secret: config.jwtSecret,
    findMember: (id) => auth.findById(id),
  });
  const withdrawals = new WithdrawalsService(database.db, otp, settings, peers.explorerUrl, {
    mail,
    publicUrl: config.publicUrl,
    frozenUntil: (userId) => security.withdrawalsFrozenUntil(userId),
    logEvent: (tx, userId, kind) => security.log(tx, userId, kind, { ip: null, userAgent: null }),
  });
  const withdrawalReview = new WithdrawalReviewService(database.db, audit, peers.explorerUrl, {
    mail,
    publicUrl: config.publicUrl,
  });
  // Payouts need a real chain (CHAIN_RPC_URL): the simulated one cannot execute transactions.
  const payoutChain = config.chain.rpcUrl
    ? new PayoutChain({ rpcUrl: config.chain.rpcUrl, usdtContract: config.chain.usdtContract })
    : null;
  const hotWallet = config.chain.payoutPrivateKey
    ? new HotWallet(config.chain.payoutPrivateKey)
    : null;
  const payouts = new PayoutsService({
    db: database.db,
    review: withdrawalReview,
    chain: payoutChain,
    wallet: hotWallet,
    finalizedBlock: async () => (await chainHead.fresh()).final,
    log: app.log,
    ...(options.payoutFaults?.afterIntent ? { afterIntent: options.payoutFaults.afterIntent } : {}),
  });
  withdrawalReview.usePayouts(payouts);
  const admin = new AdminService(database.db, subscriptions, audit, rewards, withdrawalReview);
  const exchangeLink = new ExchangeLinkService({
    db: database.db,
    exchange: peers.exchange,
    limiter,
    settings,
    log: app.log,
  });
  const compliance = new ComplianceService({
    db: database.db,
    audit,
    exchange: peers.exchange,
    settings,
    mail,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const uidClaims = new UidClaimsService({
    db: database.db,
    exchange: peers.exchange,
    limiter,
    audit,
    mail,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // One BingX budget for every instance when they share Redis.
  if (peers.exchange instanceof BingxClient && limiter instanceof RedisRateLimiter)
    peers.exchange.transport.sharedSlots = limiter;
  if (peers.exchange instanceof BingxClient)
    peers.exchange.transport.onBan = (ban) => {
      app.log.error({ ban }, 'BingX ban: exchange calls paused');
      void database.db
        .transaction(async (tx) => {
          for (const admin of await settings.alertRecipients(tx, 'operations'))
            await mail.enqueue(tx, exchangeBannedMail(admin, ban));
        })
        .then(() => mail.kick())
        .catch((err: unknown) => app.log.error({ err }, 'could not mail the BingX ban alert'));
    };
  const chainRescans = new ChainRescansService({
    db: database.db,
    chain: peers.chain,
    head: chainHead,
    subscriptions,
    audit,
    log: app.log,
  });
  const reconciliation = new ReconciliationService({
    db: database.db,
    chain: peers.chain,
    head: chainHead,
    subscriptions,
    ledger,
    audit,
    settings,
    mail,
    log: app.log,
    publicUrl: config.publicUrl,
    explorerUrl: peers.explorerUrl,
    hotWallet:
      payoutChain && hotWallet
        ? { address: hotWallet.address, usdtMicro: () => payoutChain.usdtMicro(hotWallet.address) }
        : null,
  });
  app.decorate('services', {
    auth,
    registration,
    uidClaims,
    twoFactor,
    security,
    reconciliation,
    chainRescans,
    mail,
    admin,
    subscriptions,
    audit,
    settings,
    site,
    disclosure,
    ledger,
    rewards,
    cycles,
    compliance,
    otp,
    withdrawals,
    withdrawalReview,
    payouts,
    peers,
  });
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, auth: route.config?.auth });
    }
  });
  app.addHook('onClose', async () => transport.close());
  if (limiter instanceof RedisRateLimiter) app.addHook('onClose', () => limiter.close());

  registerErrorHandler(app);
  registerBodyParsers(app);
  await registerSecurityHeaders(app, config, options.webDir ?? null);
  registerRequestId(app);
  registerMetrics(app, { token: config.metricsToken });
  await registerOpenApi(app, VERSION, config.publicUrl);
  registerAuth(app, auth, () => database.syncChanges());
  registerMaintenance(app, settings);

  await app.register(
    healthRoutes(
      () => checkHealth(database, VERSION),
      () =>
        systemOverview(database, VERSION, {
          pendingWithdrawals: async () => (await withdrawals.pendingSummary()).count,
        }),
    ),
    { prefix: '/api' },
  );
  await app.register(authRoutes(auth, registration), { prefix: '/api/users' });
  await app.register(twoFactorRoutes(twoFactor, auth, security), { prefix: '/api/users' });
  await app.register(accountSecurityRoutes(security, auth), { prefix: '/api/users' });
  await app.register(
    referralsRoutes(new ReferralsService(database.db, {}, database.changes(NETWORK_CHANGES))),
    { prefix: '/api/users' },
  );
  await app.register(subscriptionsRoutes(subscriptions), { prefix: '/api/users' });
  await app.register(exchangeLinkRoutes(exchangeLink, auth), { prefix: '/api/users' });
  await app.register(memberUidClaimRoutes(uidClaims), { prefix: '/api/users' });
  await app.register(adminUidClaimRoutes(uidClaims), { prefix: '/api/admin' });
  if (peers.exchange instanceof BingxClient)
    await app.register(
      exchangeDiagnosticsRoutes(
        new ExchangeDiagnosticsService(
          peers.exchange,
          peers.bingxSimulator !== null,
          peers.bingxSimulator?.baseUrl || config.exchange.baseUrl,
        ),
      ),
      { prefix: '/api/admin' },
    );
  await app.register(adminRoutes(admin), { prefix: '/api/users' });
  await app.register(reportsRoutes(new ReportsService(database.db)), { prefix: '/api/users' });
  await app.register(auditRoutes(audit), { prefix: '/api/admin' });
  await app.register(complianceRoutes(compliance), { prefix: '/api/admin' });
  await app.register(reconciliationRoutes(reconciliation), { prefix: '/api/admin' });
  await app.register(chainRescanRoutes(chainRescans), { prefix: '/api/admin' });
  await app.register(settingsRoutes(settings), { prefix: '/api/admin/settings' });
  await app.register(adminSiteRoutes(site), { prefix: '/api/admin/settings' });
  await app.register(publicSiteRoutes(site), { prefix: '/api/public' });
  await app.register(publicDisclosureRoutes(disclosure), { prefix: '/api/public' });
  await app.register(adminDisclosureRoutes(disclosure), { prefix: '/api/admin' });
  await app.register(rewardsRoutes(rewards), { prefix: '/api/rewards' });
  await app.register(cyclesRoutes(cycles), { prefix: '/api/rewards/admin/cycles' });
  await app.register(withdrawalsRoutes(withdrawals, withdrawalReview), {
    prefix: '/api/withdrawals',
  });
  await app.register(otpRoutes(otp), { prefix: '/api/otp/withdrawal' });
  if (config.devRoutes && transport.kind === 'dev-mailbox') {
    await app.register(devMailboxRoutes(mail), { prefix: '/dev' });
    if (config.demoMode) await app.register(devTotpRoutes(), { prefix: '/dev' });
  }
  if (config.devRoutes && peers.simulatedChain) {
    await app.register(devPaymentRoutes(subscriptions), { prefix: '/dev' });
  }
  if (config.devRoutes && peers.bingxSimulator) {
    await app.register(devExchangeRoutes(DEMO_EXCHANGE_ACCOUNTS), { prefix: '/dev' });
  }
  await registerStaticWeb(app, options.webDir ?? null);
  return app;
}
