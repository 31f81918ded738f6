import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { backgroundJobs } from './background-jobs';
import { DEMO } from './bootstrap/demo-accounts';
import { bootstrap, type BootstrapReport } from './bootstrap/seed';
import { runPrimary } from './cluster/primary';
import { serveHandedConnections, type HandedConnections } from './cluster/worker';
import { ConfigError, loadConfig, type Config } from './config';
import { ADVISORY_LOCKS } from './db/advisory-locks';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { BingxClient } from './integrations/exchange/bingx-client';
import { logClockAtStart } from './integrations/exchange/bingx-preflight';
import { JobScheduler } from './jobs/scheduler';
import { serverLogger } from './lib/log-options';
import { createServices } from './services';

/**
 * config -> database -> services -> app -> listen -> jobs; graceful shutdown on SIGINT/SIGTERM. With
 * WORKERS above 1 this process is the primary of that many such processes, which listens and
 * hands each worker its connections (cluster/).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (cluster.isPrimary && config.workers > 1) {
    await runPrimary(config);
    return;
  }

  const database = await openDatabase(config.database);
  await migrate(database);
  const logger = serverLogger(config, process.stdout.isTTY);
  const { services, close: closeServices } = await createServices(config, database, {
    log: logger,
  });
  const app = await buildApp({
    config,
    database,
    services,
    webDir: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    logger,
  });
  // Instances starting together take turns, so the root and the administrator are made once.
  const report = await database.withLock(ADVISORY_LOCKS.bootstrap, () =>
    bootstrap(services, database.db, config),
  );
  // A worker serves the connections its primary accepted and hands it; else this process listens.
  let handed: HandedConnections | null = null;
  if (cluster.isWorker) {
    await app.ready();
    handed = serveHandedConnections(app.server);
  } else await app.listen({ port: config.port, host: config.host });

  const scheduler = new JobScheduler({
    db: database.db,
    log: app.log,
    observe: app.metrics.observeJob,
  });
  for (const job of backgroundJobs(services, config)) await scheduler.add(job);
  services.mail.kick();
  // Signatures fail past 5 s of skew: the operator hears it now rather than from a failed run.
  if (
    services.peers.exchange instanceof BingxClient &&
    (!cluster.isWorker || cluster.worker?.id === 1)
  )
    void logClockAtStart(services.peers.exchange, app.log);
  handed?.ready();
  // Workers start together: the first says what they all serve.
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    // The lines logged so far leave first ("Server listening", the demo seeding): the banner,
    // with the sign-in details, ends the screen.
    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    printBanner(config, report, app.server.address());
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Inside the stop timeouts of deploy/copytrade.service (30 s) and `docker stop -t 30`, so
    // what hangs is logged by us rather than cut off by a SIGKILL.
    const boundMs = 25_000;
    // Not unref'd: should the event loop empty with the work unfinished, this still says so.
    setTimeout(() => {
      app.log.error({ signal, boundMs }, 'shutdown took too long: exiting with work unfinished');
      process.exit(1);
    }, boundMs);
    app.log.info({ signal }, 'shutting down: finishing in-flight work');
    try {
      // Side by side: requests in flight and job runs in progress finish; new connections are
      // refused at once (a worker's primary hands it no more), and what arrives on a busy one
      // gets 503 (plugins/request-id.ts).
      await Promise.all([scheduler.stop(), app.close(), handed?.close()]);
      // A delivery round in progress finishes before the transport closes.
      await services.mail.drain();
      await closeServices();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function printBanner(
  config: Config,
  report: BootstrapReport,
  address: AddressInfo | string | null,
): void {
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    '',
    `CopyTrade Network listening on http://${config.host}:${port} (public URL ${config.publicUrl})`,
    `  Database:        ${config.database.kind === 'postgres' ? 'PostgreSQL' : config.database.dataDir ? `embedded PGlite in ${config.database.dataDir}` : 'in-memory PGlite'}`,
    `  Root referral code: ${report.rootReferralCode}${report.rootCreated ? ' (created now)' : ''}`,
    `  Processes:       ${config.workers === 1 ? '1' : `${config.workers} workers (node:cluster)`}${config.workersNote ? ` (${config.workersNote})` : ''}`,
  ];
  if (config.devRoutes && !config.mail.smtpUrl)
    lines.push(`  Dev mailbox:     ${config.publicUrl}/dev/mail`);
  lines.push(`  API docs:        ${config.publicUrl}/api/docs`);
  if (!config.requestLogs)
    lines.push('  Request logs:    off (REQUEST_LOGS=1 writes a line per request)');
  // The sign-in details last: what a first start leaves on screen.
  if (report.demo) {
    lines.push(
      '  Demo data (development only):',
      `    member  ${DEMO.member.email} / ${DEMO.member.password}  (referral code ${DEMO.member.referralCode})`,
      config.admin.email
        ? `    admin   ${config.admin.email} (from ADMIN_EMAIL)`
        : `    admin   ${DEMO.admin.email} / ${DEMO.admin.password}  (authenticator key ${DEMO.admin.totpSecret}, or read the code at ${config.publicUrl}/dev/totp)`,
    );
  }
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  // A peer that cannot serve us (CHAIN_RPC_URL without eth_getLogs, say) is a configuration
  // error: one line naming the variable, as for a malformed value.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
