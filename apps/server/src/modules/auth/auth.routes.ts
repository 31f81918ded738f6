import {
  referrerSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  emailRequestSchema,
  loginEnvelopeSchema,
  loginRequestSchema,
  registerEnvelopeSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  userSchema,
  verificationEmailRequestSchema,
} from '@ctn/contracts/accounts';
import { envelopeSchema } from '@ctn/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okBeside } from '../../lib/envelope';
import { originOf, sessionOf } from '../../plugins/auth';
import type { AuthService } from './auth.service';
import type { RegistrationService } from './registration.service';

const empty = envelopeSchema(z.null());
const tags = ['Accounts'];

/** The accounts calls of member section 7, under /api/users. */
export function authRoutes(
  auth: AuthService,
  registration: RegistrationService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/referrer/:code', {
      config: { refusals: ['INVALID_REFERRAL_CODE', 'TOO_MANY_REQUESTS'] },
      schema: {
        tags,
        summary: 'Who invites with this referral code ("Alex M.") and its public link',
        description:
          'Beyond the spec, for the landing and register pages. INVALID_REFERRAL_CODE when the code takes no referrals; throttled per address (TOO_MANY_REQUESTS).',
        params: z.object({ code: z.string().trim().min(1).max(32) }),
        response: { 200: envelopeSchema(referrerSchema) },
      },
      handler: async (request) => ok(await registration.referrer(request.params.code, request.ip)),
    });

    app.post('/register', {
      config: {
        refusals: [
          'USER_EXISTS',
          'INVALID_REFERRAL_CODE',
          'WALLET_CREATION_FAILED',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags,
        summary: 'Register with a referral code',
        body: registerRequestSchema,
        response: { 201: registerEnvelopeSchema },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            okBeside(
              await registration.register(request.body, request.ip),
              'REGISTRATION_SUCCESSFUL',
              ['requiresVerification'],
            ),
          ),
    });

    app.post('/login', {
      config: {
        refusals: [
          'ACCOUNT_LOCKED',
          'ACCOUNT_DISABLED',
          'INVALID_CREDENTIALS',
          'TWO_FACTOR_REQUIRED',
          'INVALID_TWO_FACTOR_CODE',
          'TOO_MANY_REQUESTS',
          'SIGN_IN_PAUSED',
          'TWO_FACTOR_PAUSED',
        ],
      },
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'A correct password on an unverified account answers success with `requiresVerification: true`, the pending user and `token: null`: no session is opened (member section 4). `requiresVerification`, `token` and `user` are repeated beside the envelope, where member section 7 reads them. An account with two-factor sign-in also needs `totpCode` (6 digits, or a recovery code): without it a correct password answers 401 TWO_FACTOR_REQUIRED with `data.requiresTwoFactor` and issues nothing; a wrong code answers 401 INVALID_TWO_FACTOR_CODE and counts like a wrong password.',
        body: loginRequestSchema,
        response: { 200: loginEnvelopeSchema },
      },
      handler: async (request) => {
        const result = await auth.login(request.body.email, request.body.password, {
          ...originOf(request),
          totpCode: request.body.totpCode,
        });
        return okBeside(
          result,
          result.requiresVerification ? 'EMAIL_VERIFICATION_REQUIRED' : 'LOGIN_SUCCESSFUL',
          ['requiresVerification', 'token', 'user'],
        );
      },
    });

    app.get('/profile', {
      config: { auth: 'user', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: envelopeSchema(userSchema) },
      },
      handler: async (request) => ok(await auth.profile(sessionOf(request))),
    });

    app.post('/forgot-password', {
      config: { refusals: ['TOO_MANY_REQUESTS'] },
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: emailRequestSchema,
        response: { 200: empty },
      },
      handler: async (request) => {
        await auth.forgotPassword(request.body.email, request.ip);
        return ok(null, 'PASSWORD_RESET_EMAIL_SENT');
      },
    });

    app.post('/reset-password', {
      config: {
        refusals: [
          'INVALID_OR_EXPIRED_TOKEN',
          'TOKEN_REQUIRED',
          'ACCOUNT_NOT_ACTIVE',
          'SAME_PASSWORD_ERROR',
        ],
      },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: resetPasswordRequestSchema,
        response: { 200: empty },
      },
      handler: async (request) => {
        await auth.resetPassword(request.body);
        return ok(null, 'PASSWORD_RESET_SUCCESSFUL');
      },
    });

    app.post('/reset-password/check', {
      config: { refusals: ['INVALID_OR_EXPIRED_TOKEN', 'TOKEN_REQUIRED', 'ACCOUNT_NOT_ACTIVE'] },
      schema: {
        tags,
        summary: 'Whether a reset token can still be used (consumes nothing)',
        description:
          'Beyond the spec: the reset page asks before the member types a new password. A POST, so the token stays out of request logs.',
        body: tokenRequestSchema,
        response: { 200: empty },
      },
      handler: async (request) => {
        await auth.checkResetToken(request.body.token);
        return ok(null, 'RESET_TOKEN_VALID');
      },
    });

    for (const path of ['/send-verification-email', '/resend-verification-email']) {
      app.post(path, {
        config: { refusals: ['USER_NOT_FOUND', 'EMAIL_ALREADY_VERIFIED', 'TOO_MANY_REQUESTS'] },
        schema: {
          tags,
          summary: 'Mail a new verification link to the signed-in user, or to `email`',
          body: verificationEmailRequestSchema,
          response: { 200: empty },
        },
        handler: async (request) => {
          const email = request.body?.email;
          const target =
            email !== undefined
              ? { email }
              : request.session
                ? { userId: request.session.id }
                : null;
          await registration.sendVerificationEmail(target, request.ip);
          return ok(null, 'VERIFICATION_EMAIL_SENT');
        },
      });
    }

    app.post('/verify-email', {
      config: {
        refusals: [
          'INVALID_OR_EXPIRED_TOKEN',
          'TOKEN_REQUIRED',
          'EMAIL_ALREADY_VERIFIED',
          'WALLET_CREATION_FAILED',
        ],
      },
      schema: {
        tags,
        summary: 'Verify an email address with the mailed token',
        body: tokenRequestSchema,
        response: { 200: empty },
      },
      handler: async (request) => {
        await registration.verifyEmail(request.body.token);
        return ok(null, 'EMAIL_VERIFIED');
      },
    });

    app.post('/unlock-sign-in', {
      config: { refusals: ['TOKEN_REQUIRED', 'INVALID_OR_EXPIRED_TOKEN'] },
      schema: {
        tags,
        summary: 'Resume the sign-in of an account paused after wrong passwords or codes',
        description:
          'Beyond the spec (decision 039): the token comes from the mail sent to the owner when 20 wrong passwords in a row, or a budget of wrong two-factor codes, paused the account. One use; afterwards the owner signs in as usual.',
        body: tokenRequestSchema,
        response: { 200: empty },
      },
      handler: async (request) => {
        await auth.unlockSignIn(request.body.token, originOf(request));
        return ok(null, 'SIGN_IN_RESUMED');
      },
    });

    app.put('/change-password', {
      config: {
        auth: 'user',
        refusals: [
          'USER_NOT_FOUND',
          'CURRENT_PASSWORD_INCORRECT',
          'SAME_PASSWORD_ERROR',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags,
        summary: 'Change the password; other sessions end and the answer carries a new token',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: envelopeSchema(changePasswordResponseSchema) },
      },
      handler: async (request) =>
        ok(
          await auth.changePassword(sessionOf(request), request.body, originOf(request)),
          'PASSWORD_CHANGED_SUCCESSFULLY',
        ),
    });
  };
}
