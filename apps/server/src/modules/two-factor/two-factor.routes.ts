import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  recoveryCodesSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@ctn/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { originOf, sessionOf } from '../../plugins/auth';
import type { AccountSecurityService } from '../auth/account-security.service';
import type { AuthService } from '../auth/auth.service';
import { totpCode } from './totp';
import type { TwoFactorService } from './two-factor.service';

const tags = ['Account security'];
const security = [{ bearerAuth: [] }];

/** Two-factor sign-in of the signed-in user, under /api/users/two-factor (decision 015). */
export function twoFactorRoutes(
  twoFactor: TwoFactorService,
  auth: AuthService,
  accountSecurity: AccountSecurityService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/two-factor', {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        security,
        response: { 200: envelopeSchema(twoFactorStatusSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        return ok(await twoFactor.status(session.id, session.isAdmin));
      },
    });

    app.post('/two-factor/setup', {
      config: { auth: 'user', refusals: ['TWO_FACTOR_ALREADY_ENABLED'] },
      schema: {
        tags,
        summary: 'A new authenticator secret to scan; nothing changes until it is enabled',
        security,
        response: { 200: envelopeSchema(twoFactorSetupSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        return ok(await twoFactor.beginSetup(session.id, session.email));
      },
    });

    app.post('/two-factor/enable', {
      config: {
        auth: 'user',
        refusals: [
          'TWO_FACTOR_ALREADY_ENABLED',
          'TWO_FACTOR_NOT_STARTED',
          'INVALID_TWO_FACTOR_CODE',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a code of the scanned secret; the recovery codes',
        description: 'The recovery codes are shown once; withdrawals wait 24 hours afterwards.',
        security,
        body: twoFactorCodeRequestSchema,
        response: { 200: envelopeSchema(recoveryCodesSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        const codes = await twoFactor.enable(session.id, request.body.code);
        await recordChange(session.id, 'TWO_FACTOR_ENABLED', request);
        return ok(codes, 'TWO_FACTOR_ENABLED');
      },
    });

    app.post('/two-factor/disable', {
      config: {
        auth: 'user',
        refusals: [
          'USER_NOT_FOUND',
          'CURRENT_PASSWORD_INCORRECT',
          'TWO_FACTOR_REQUIRED_FOR_ADMINS',
          'TWO_FACTOR_NOT_ENABLED',
          'INVALID_TWO_FACTOR_CODE',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (members only) with the password and a code',
        security,
        body: twoFactorDisableRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        if (session.isAdmin) throw new AppError('TWO_FACTOR_REQUIRED_FOR_ADMINS');
        await auth.confirmPassword(session.id, request.body.password, originOf(request));
        await twoFactor.disable(session.id, request.body.code);
        await recordChange(session.id, 'TWO_FACTOR_DISABLED', request);
        return ok(null, 'TWO_FACTOR_DISABLED');
      },
    });

    app.post('/two-factor/recovery-codes', {
      config: {
        auth: 'user',
        refusals: ['TWO_FACTOR_NOT_ENABLED', 'INVALID_TWO_FACTOR_CODE', 'TOO_MANY_REQUESTS'],
      },
      schema: {
        tags,
        summary: 'New recovery codes after a code; the old ones stop working',
        security,
        body: twoFactorCodeRequestSchema,
        response: { 200: envelopeSchema(recoveryCodesSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        const codes = await twoFactor.renewRecoveryCodes(session.id, request.body.code);
        await recordChange(session.id, 'RECOVERY_CODES_RENEWED', request);
        return ok(codes);
      },
    });

    /** The change in the security log, and the member's mail about it. */
    async function recordChange(
      userId: string,
      kind: 'TWO_FACTOR_ENABLED' | 'TWO_FACTOR_DISABLED' | 'RECOVERY_CODES_RENEWED',
      request: Parameters<typeof originOf>[0],
    ): Promise<void> {
      const user = await auth.findById(userId);
      if (user) await accountSecurity.recordNow(user, kind, originOf(request));
    }
  };
}

/** /dev/totp: the demo administrator's current code, for trying the demo without an app. */
export function devTotpRoutes(demoAdmin: {
  email: string;
  totpSecret: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/totp', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          `Demo administrator (${demoAdmin.email}) code: ${totpCode(demoAdmin.totpSecret)}\nIt changes every 30 seconds. Development only.\n`,
        ),
    );
  };
}
