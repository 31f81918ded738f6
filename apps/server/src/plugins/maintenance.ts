import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { answerMemoryFirst } from './memory-first';
import type { SystemSettings } from '@ctn/contracts/settings';

/** Answers during maintenance whatever the session: the load balancer's probe. */
const ALWAYS_OPEN = new Set(['/api/health']);

/** Whether maintenance mode can refuse a call to `path` (the API document lists it there). */
export function closedDuringMaintenance(path: string): boolean {
  return path.startsWith('/api/') && !ALWAYS_OPEN.has(path);
}

/**
 * Maintenance mode (admin settings): while on, every API call of a signed-in non-admin answers
 * 503 MAINTENANCE_MODE. Administrators, public calls, /api/health and the web app keep working;
 * member sign-ins are refused by the auth service, which knows the account.
 * Register after registerAuth: it reads the session that hook found.
 */
export function registerMaintenance(
  app: FastifyInstance,
  settings: {
    /** The system settings held in memory; undefined when they must be read. */
    kept(): SystemSettings | undefined;
    read(): Promise<SystemSettings>;
  },
): void {
  // A callback hook: with the settings held in memory (nearly always) no promise is made.
  app.addHook('onRequest', (request, _reply, done) => {
    const session = request.session;
    if (!session || session.isAdmin) return done();
    const path = request.url.split('?', 1)[0] ?? '';
    if (!closedDuringMaintenance(path)) return done();
    answerMemoryFirst(settings.kept(), () => settings.read(), refusal, done);
  });
}

function refusal(system: SystemSettings): AppError | undefined {
  return system.maintenanceMode ? new AppError('MAINTENANCE_MODE') : undefined;
}
