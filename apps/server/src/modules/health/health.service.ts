import type { HealthResponse, SystemOverview } from '@ctn/contracts/accounts';
import { pingDatabase, type Database } from '../../db/client';
import { overviewCounts } from './health.queries';

const startedAt = Date.now();

export async function checkHealth(database: Database, version: string): Promise<HealthResponse> {
  let latencyMs = -1;
  try {
    latencyMs = Math.round((await pingDatabase(database.db)) * 100) / 100;
  } catch {
    // reported as down below
  }
  const up = latencyMs >= 0;
  return {
    status: up ? 'ok' : 'degraded',
    database: { status: up ? 'up' : 'down', driver: database.driver, latencyMs },
    version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
}

/** Counts of the System Overview that other modules own. */
export interface OverviewSources {
  /** PENDING withdrawal requests (WithdrawalsService.pendingSummary, as the metrics read it). */
  pendingWithdrawals: () => Promise<number>;
}

/**
 * The admin System Overview: this server answering, the database's state (checkHealth) and the
 * counts that need attention. When the database does not answer, its figures are null
 * (unknown), not 0.
 */
export async function systemOverview(
  database: Database,
  version: string,
  sources: OverviewSources,
): Promise<SystemOverview> {
  const health = await checkHealth(database, version);
  const server = { status: 'online' as const, version, uptimeSeconds: health.uptimeSeconds };
  const checkedAt = new Date().toISOString();
  const unreachable: SystemOverview = {
    server,
    database: { status: 'unreachable', latencyMs: null },
    activeUsers: null,
    pendingActions: null,
    checkedAt,
  };
  if (health.database.status === 'down') return unreachable;
  try {
    const [counts, pendingWithdrawals] = await Promise.all([
      overviewCounts(database.db),
      sources.pendingWithdrawals(),
    ]);
    return {
      server,
      database: { status: 'connected', latencyMs: health.database.latencyMs },
      activeUsers: counts.activeUsers,
      pendingActions: {
        total: pendingWithdrawals + counts.openUidClaims,
        pendingWithdrawals,
        openUidClaims: counts.openUidClaims,
      },
      checkedAt,
    };
  } catch {
    return unreachable;
  }
}
