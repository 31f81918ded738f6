import { envelopeSchema } from '@ctn/contracts/envelope';
import { notificationSettingsSchema } from '@ctn/contracts/accounts';
import {
  antiPhishingRequestSchema,
  antiPhishingResponseSchema,
  securityEventsResponseSchema,
  sessionsResponseSchema,
} from '@ctn/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { originOf, sessionOf } from '../../plugins/auth';
import type { AccountSecurityService } from './account-security.service';
import type { AntiPhishingService } from './anti-phishing.service';
import type { AuthService } from './auth.service';

const tags = ['Account security'];
const security = [{ bearerAuth: [] }];

/** The signed-in user's sessions and security log, under /api/users (the profile's security center). */
export function accountSecurityRoutes(
  accountSecurity: AccountSecurityService,
  auth: AuthService,
  antiPhishing: AntiPhishingService,
): FastifyPluginAsyncZod {
  return async (app) => {
    /** The signed-in account, for the security log and its mail. */
    const accountOf = async (id: string) => {
      const user = await auth.findById(id);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return user;
    };

    app.get('/sessions', {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Where this account is signed in (device, address, last seen)',
        security,
        response: { 200: envelopeSchema(sessionsResponseSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        return ok({ sessions: await accountSecurity.sessions(session.id, session.sessionId) });
      },
    });

    app.delete('/sessions/:id', {
      config: { auth: 'user', refusals: ['NOT_FOUND', 'USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'Sign one session out',
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        const user = await accountOf(sessionOf(request).id);
        await accountSecurity.endSession(user, request.params.id, originOf(request));
        return ok(null, 'SESSION_ENDED');
      },
    });

    app.post('/logout', {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Sign out: this session ends and its token is refused from now on',
        description: 'The security log shows the sign-out; other sessions stay.',
        security,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        const user = await accountOf(session.id);
        await accountSecurity.signOut(user, session.sessionId, originOf(request));
        return ok(null, 'SIGNED_OUT');
      },
    });

    app.post('/sessions/sign-out-everywhere', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'End every session of this account, this one too',
        security,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        const user = await accountOf(sessionOf(request).id);
        await accountSecurity.signOutEverywhere(user, originOf(request));
        return ok(null, 'SIGNED_OUT_EVERYWHERE');
      },
    });

    app.get('/notifications', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'The mails the member may switch off, and whether they are on',
        security,
        response: { 200: envelopeSchema(notificationSettingsSchema) },
      },
      handler: async (request) => ok(await auth.notificationSettings(sessionOf(request).id)),
    });

    app.put('/notifications', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'Switch the non-transactional mails on or off',
        security,
        body: notificationSettingsSchema,
        response: { 200: envelopeSchema(notificationSettingsSchema) },
      },
      handler: async (request) =>
        ok(await auth.saveNotificationSettings(sessionOf(request).id, request.body)),
    });

    app.get('/anti-phishing', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'The anti-phishing phrase every mail to this member starts with (decision 051)',
        security,
        response: { 200: envelopeSchema(antiPhishingResponseSchema) },
      },
      handler: async (request) => ok(await antiPhishing.phraseOf(sessionOf(request).id)),
    });

    app.put('/anti-phishing', {
      config: {
        auth: 'user',
        refusals: [
          'USER_NOT_FOUND',
          'CURRENT_PASSWORD_INCORRECT',
          'TWO_FACTOR_REQUIRED',
          'INVALID_TWO_FACTOR_CODE',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags,
        summary: 'Set, change or remove (null) the anti-phishing phrase',
        description:
          'Needs the password, and with two-factor sign-in on a code; a security event, mailed.',
        security,
        body: antiPhishingRequestSchema,
        response: { 200: envelopeSchema(antiPhishingResponseSchema) },
      },
      handler: async (request) => {
        const saved = await antiPhishing.save(
          sessionOf(request).id,
          request.body,
          originOf(request),
        );
        return ok(
          saved,
          saved.phrase === null ? 'ANTI_PHISHING_PHRASE_REMOVED' : 'ANTI_PHISHING_PHRASE_SAVED',
        );
      },
    });

    app.get('/security-events', {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The account's last 50 security events, and whether withdrawals are on hold",
        security,
        response: { 200: envelopeSchema(securityEventsResponseSchema) },
      },
      handler: async (request) => ok(await accountSecurity.events(sessionOf(request).id)),
    });
  };
}
