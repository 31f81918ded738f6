import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  recoveryCodesSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  twoFactorResetRequestSchema,
  twoFactorStatusSchema,
} from '@ctn/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { actorOf, originOf, sessionOf } from '../../plugins/auth';
import type { AccountSecurityService } from '../auth/account-security.service';
import type { AuthService } from '../auth/auth.service';
import { totpCode } from './totp';
import { requireEveryCheck } from '../auth/second-factor-reset';
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
      config: {
        auth: 'user',
        refusals: ['TWO_FACTOR_ALREADY_ENABLED', 'CURRENT_PASSWORD_INCORRECT'],
      },
      schema: {
        tags,
        summary: 'A new authenticator secret to scan; nothing changes until it is enabled',
        description:
          'Needs the current password (decision 039): a stolen session alone cannot enrol a factor. A wrong one answers CURRENT_PASSWORD_INCORRECT and changes nothing.',
        security,
        body: twoFactorSetupRequestSchema,
        response: { 200: envelopeSchema(twoFactorSetupSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        await auth.confirmPassword(session.id, request.body.password, originOf(request));
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
          'CURRENT_PASSWORD_INCORRECT',
        ],
      },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in on with a code of the scanned secret; the recovery codes',
        description:
          'Needs the current password as well as the code (decision 039). The recovery codes are shown once; every other session of the account ends, the owner is mailed, and withdrawals wait 24 hours afterwards.',
        security,
        body: twoFactorEnableRequestSchema,
        response: { 200: envelopeSchema(recoveryCodesSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        const origin = originOf(request);
        const user = await auth.confirmPassword(session.id, request.body.password, origin);
        const codes = await twoFactor.enable(session.id, request.body.code, (tx) =>
          accountSecurity.endEverywhere(tx, user, session.sessionId, origin, 'TWO_FACTOR_ENABLED'),
        );
        accountSecurity.mailQueued();
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

    app.post('/admin/:id/two-factor/reset', {
      config: {
        auth: 'admin',
        refusals: ['USER_NOT_FOUND', 'TWO_FACTOR_NOT_ENABLED', 'TWO_FACTOR_RESET_CHECKS_REQUIRED'],
      },
      schema: {
        tags: ['Admin: users'],
        summary: "Reset a member's lost second factor, after the identity checks",
        description:
          'Decision 039. `checks` must hold every check of TWO_FACTOR_RESET_CHECKS (else TWO_FACTOR_RESET_CHECKS_REQUIRED). The factor and recovery codes go, every session of the member ends, withdrawals wait 24 hours, the member is mailed, the reset is audited. TWO_FACTOR_NOT_ENABLED when the member has none.',
        security,
        params: z.object({ id: z.uuid() }),
        body: twoFactorResetRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        requireEveryCheck(request.body.checks);
        await auth.resetSecondFactor(request.params.id, actorOf(request), request.body.checks);
        return ok(null, 'TWO_FACTOR_RESET');
      },
    });

    /** The change in the security log, and the member's mail about it. */
    async function recordChange(
      userId: string,
      kind: 'TWO_FACTOR_DISABLED' | 'RECOVERY_CODES_RENEWED',
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
