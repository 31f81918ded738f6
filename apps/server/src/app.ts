import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEMO } from './bootstrap/demo-accounts';
import type { Config } from './config';
import type { Database } from './db/client';
import { DEMO_EXCHANGE_ACCOUNTS } from './integrations/exchange/demo-accounts';
import { parseQueryString } from './lib/query-string';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { accountSecurityRoutes } from './modules/auth/account-security.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { complianceRoutes } from './modules/compliance/compliance.routes';
import {
  adminDisclosureRoutes,
  publicDisclosureRoutes,
} from './modules/disclosure/disclosure.routes';
import {
  adminProofRoutes,
  memberProofRoutes,
  publicProofRoutes,
} from './modules/proof/proof.routes';
import { exchangeDiagnosticsRoutes } from './modules/exchange-diagnostics/exchange-diagnostics.routes';
import {
  devExchangeRoutes,
  exchangeLinkRoutes,
} from './modules/exchange-link/exchange-link.routes';
import { healthRoutes } from './modules/health/health.routes';
import { checkHealth, systemOverview } from './modules/health/health.service';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes';
import { launchChecklistRoutes } from './modules/launch-checklist/launch-checklist.routes';
import { mailAdminRoutes } from './modules/mail/mail.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { treasuryRoutes } from './modules/treasury/treasury.routes';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { cyclesRoutes } from './modules/rewards/cycles.routes';
import { rewardsRoutes } from './modules/rewards/rewards.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { adminSiteRoutes, publicSiteRoutes } from './modules/settings/site.routes';
import { adminOperatorRoutes, publicOperatorRoutes } from './modules/settings/operator.routes';
import { publicSupportRoutes } from './modules/support/support.routes';
import {
  chainRescanRoutes,
  devPaymentRoutes,
  subscriptionsRoutes,
} from './modules/subscriptions/subscriptions.routes';
import { devTotpRoutes, twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import {
  accountFreezeRoutes,
  adminAccountFreezeRoutes,
} from './modules/account-freeze/account-freeze.routes';
import { adminUidClaimRoutes, memberUidClaimRoutes } from './modules/uid-claims/uid-claims.routes';
import { riskRoutes } from './modules/risk/risk.routes';
import { uidReviewRoutes } from './modules/exchange-link/uid-review.routes';
import { otpRoutes } from './modules/withdrawals/otp.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { registerAuth } from './plugins/auth';
import { registerBodyParsers } from './plugins/body-parsers';
import { compiledSerializerCompiler } from './plugins/compiled-serializer';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { registerMaintenance } from './plugins/maintenance';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestId } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import type { Services } from './services';

export const VERSION = '0.1.0';
const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  config: Config;
  database: Database;
  /** Every service, built by createServices (services.ts): the app only routes to them. */
  services: Services;
  /** The built web app to serve; null serves the API only. */
  webDir?: string | null;
  /** Request logs: the pino logger the services write to as well (lib/log-options.ts). */
  logger?: FastifyBaseLogger;
  /**
   * Tests: every answer serialised by the contract's zod schema as well as by the compiled code,
   * and refused when they disagree (plugins/compiled-serializer.ts). Off in every server that
   * main.ts starts, as in production, the load benchmark's included.
   */
  checkSerialization?: boolean;
  /**
   * Tests: adds hooks before the routes that check every answer (the server suite's contract
   * test, test/contract-check.ts). Nothing in main.ts.
   */
  checkAnswers?: (app: FastifyInstance) => void;
}

/** One registered route and who may call it (the authorization matrix test walks these). */
export interface RouteEntry {
  method: string;
  url: string;
  auth: 'user' | 'admin' | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** The whole HTTP application; main.ts listens with it, tests call `inject()` on it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, services } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // The error handler's and the services' lines are written either way (lib/log-options.ts).
    logController: new LogController({ disableRequestLogging: !config.requestLogs }),
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

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, auth: route.config?.auth });
    }
  });

  const s = services;
  registerErrorHandler(app);
  registerBodyParsers(app);
  await registerSecurityHeaders(app, config, options.webDir ?? null);
  registerRequestId(app);
  registerMetrics(app, {
    token: config.metricsToken,
    sources: {
      watcherFailingSeconds: () => s.subscriptions.health.failingSeconds(),
      watcherStalledSeconds: () => s.subscriptions.health.stalledSeconds(),
      watcherFaults: () => s.subscriptions.health.faults,
      chainLagBlocks: async () => (await s.subscriptions.chainLag())?.blocks ?? null,
      pendingWithdrawals: () => s.withdrawals.pendingSummary(),
      mailOutbox: () => s.mail.metrics(),
    },
  });
  await registerOpenApi(app, VERSION);
  options.checkAnswers?.(app);
  registerAuth(
    app,
    {
      kept: (token) => s.auth.keptSessionUser(token),
      read: (token, write) => s.auth.sessionUser(token, write),
    },
    () => database.syncChanges(),
  );
  registerMaintenance(app, {
    kept: () => s.settings.keptSystem(),
    read: () => s.settings.system(),
  });

  const routes: [FastifyPluginAsyncZod, string][] = [
    [
      healthRoutes(
        () => checkHealth(database, VERSION),
        () =>
          systemOverview(database, VERSION, {
            pendingWithdrawals: async () => (await s.withdrawals.pendingSummary()).count,
          }),
      ),
      '/api',
    ],
    [authRoutes(s.auth, s.registration), '/api/users'],
    [twoFactorRoutes(s.twoFactor, s.auth, s.security), '/api/users'],
    [accountSecurityRoutes(s.security, s.auth, s.antiPhishing), '/api/users'],
    [accountFreezeRoutes(s.accountFreeze), '/api/users'],
    [adminAccountFreezeRoutes(s.accountFreeze), '/api/admin'],
    [referralsRoutes(s.referrals), '/api/users'],
    [subscriptionsRoutes(s.subscriptions), '/api/users'],
    [exchangeLinkRoutes(s.exchangeLink, s.auth), '/api/users'],
    [memberUidClaimRoutes(s.uidClaims), '/api/users'],
    [adminUidClaimRoutes(s.uidClaims), '/api/admin'],
    [riskRoutes(s.risk), '/api/admin'],
    [uidReviewRoutes(s.uidReviews), '/api/admin'],
    [adminRoutes(s.admin), '/api/users'],
    [reportsRoutes(s.reports), '/api/users'],
    [auditRoutes(s.audit), '/api/admin'],
    [complianceRoutes(s.compliance), '/api/admin'],
    [reconciliationRoutes(s.reconciliation), '/api/admin'],
    [treasuryRoutes(s.treasury), '/api/admin'],
    [launchChecklistRoutes(s.launchChecklist), '/api/admin'],
    [mailAdminRoutes(s.mailAdmin), '/api/admin'],
    [chainRescanRoutes(s.chainRescans), '/api/admin'],
    [settingsRoutes(s.settings), '/api/admin/settings'],
    [adminSiteRoutes(s.site), '/api/admin/settings'],
    [publicSiteRoutes(s.site), '/api/public'],
    [adminOperatorRoutes(s.operator, s.claims), '/api/admin/settings'],
    [publicOperatorRoutes(s.operator, s.claims), '/api/public'],
    [publicSupportRoutes(s.support), '/api/public'],
    [publicDisclosureRoutes(s.disclosure), '/api/public'],
    [adminDisclosureRoutes(s.disclosure), '/api/admin'],
    [publicProofRoutes(s.proof), '/api/proof'],
    [memberProofRoutes(s.proof), '/api/users'],
    [adminProofRoutes(s.proof), '/api/admin'],
    [rewardsRoutes(s.rewards, s.audit), '/api/rewards'],
    [cyclesRoutes(s.cycles), '/api/rewards/admin/cycles'],
    [withdrawalsRoutes(s.withdrawals, s.withdrawalReview), '/api/withdrawals'],
    [otpRoutes(s.otp), '/api/otp/withdrawal'],
  ];
  if (s.exchangeDiagnostics)
    routes.push([exchangeDiagnosticsRoutes(s.exchangeDiagnostics), '/api/admin']);
  if (config.devRoutes && s.mailTransport.kind === 'dev-mailbox') {
    routes.push([devMailboxRoutes(s.mail), '/dev']);
    if (config.demoMode) routes.push([devTotpRoutes(DEMO.admin), '/dev']);
  }
  if (config.devRoutes && s.peers.simulatedChain)
    routes.push([devPaymentRoutes(s.subscriptions), '/dev']);
  if (config.devRoutes && s.peers.bingxSimulator)
    routes.push([devExchangeRoutes(DEMO_EXCHANGE_ACCOUNTS), '/dev']);
  for (const [plugin, prefix] of routes) await app.register(plugin, { prefix });
  await registerStaticWeb(app, options.webDir ?? null);
  return app;
}
