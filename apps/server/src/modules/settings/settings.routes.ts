import { envelopeSchema } from '@ctn/contracts/envelope';
import { rewardSettingsSchema, systemSettingsSchema } from '@ctn/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { SettingsService } from './settings.service';

const tags = ['Admin: settings'];
const security = [{ bearerAuth: [] }];

/** Beyond the spec: settings that are saved and take effect, under /api/admin/settings. */
export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/rewards', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The subscription fee, the DIRECT and DOWNLINE schedules, the compliance window',
        response: { 200: envelopeSchema(rewardSettingsSchema) },
      },
      handler: async () => ok(await settings.rewards()),
    });

    app.put('/rewards', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save the reward settings (validated; audited; used from the next credit on)',
        description:
          'The fee applies to payments credited from now on; the DIRECT schedule to the next credited payment; the DOWNLINE schedule to the next cycle that starts (a running cycle keeps the schedule it started with).',
        body: rewardSettingsSchema,
        response: { 200: envelopeSchema(rewardSettingsSchema) },
      },
      handler: async (request) => ok(await settings.saveRewards(actorOf(request), request.body)),
    });

    app.get('/system', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Session timeout, sign-in limit, maintenance mode and the admin alert mails',
        response: { 200: envelopeSchema(systemSettingsSchema) },
      },
      handler: async () => ok(await settings.system()),
    });

    app.put('/system', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save the system settings (validated; audited; in effect within seconds)',
        description:
          'sessionTimeoutMinutes: lifetime of administrator sessions signed in from now on (members keep 24 h). maxLoginAttempts: failed sign-ins per account per 15 minutes. maintenanceMode: members cannot sign in or call the API (503 MAINTENANCE_MODE); administrators keep working. emailNotifications (master switch), withdrawalAlerts, userRegistrationAlerts: mails to every administrator.',
        body: systemSettingsSchema,
        response: { 200: envelopeSchema(systemSettingsSchema) },
      },
      handler: async (request) => ok(await settings.saveSystem(actorOf(request), request.body)),
    });
  };
}
