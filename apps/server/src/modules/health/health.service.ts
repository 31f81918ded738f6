import type { HealthResponse } from '@ctn/contracts/accounts';
import { pingDatabase, type Database } from '../../db/client';

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
