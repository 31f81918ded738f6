import { envelopeSchema } from '@ctn/contracts/envelope';
import { rewardSettingsSchema } from '@ctn/contracts/settings';
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
  };
}
