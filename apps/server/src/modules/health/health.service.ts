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

/**
 * The admin System Overview: this server answering, the database's state and the counts that
 * need attention. When the database does not answer, its figures are null (unknown), not 0.
 */
export async function systemOverview(database: Database, version: string): Promise<SystemOverview> {
  const server = {
    status: 'online' as const,
    version,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
  const checkedAt = new Date().toISOString();
  try {
    const started = performance.now();
    const counts = await overviewCounts(database.db);
    return {
      server,
      database: {
        status: 'connected',
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
      },
      activeUsers: counts.activeUsers,
      pendingActions: {
        total: counts.pendingWithdrawals + counts.openUidClaims,
        pendingWithdrawals: counts.pendingWithdrawals,
        openUidClaims: counts.openUidClaims,
      },
      checkedAt,
    };
  } catch {
    return {
      server,
      database: { status: 'unreachable', latencyMs: null },
      activeUsers: null,
      pendingActions: null,
      checkedAt,
    };
  }
}
