import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import type { SettingsService } from '../modules/settings/settings.service';

/** Answers during maintenance whatever the session: the load balancer's probe. */
const ALWAYS_OPEN = new Set(['/api/health']);

/**
 * Maintenance mode (admin settings): while on, every API call of a signed-in non-admin answers
 * 503 MAINTENANCE_MODE. Administrators, public calls, /api/health and the web app keep working;
 * member sign-ins are refused by the auth service, which knows the account.
 * Register after registerAuth: it reads the session that hook found.
 */
export function registerMaintenance(app: FastifyInstance, settings: SettingsService): void {
  app.addHook('onRequest', async (request) => {
    const session = request.session;
    if (!session || session.isAdmin) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/') || ALWAYS_OPEN.has(path)) return;
    if ((await settings.system()).maintenanceMode) throw new AppError('MAINTENANCE_MODE');
  });
}
