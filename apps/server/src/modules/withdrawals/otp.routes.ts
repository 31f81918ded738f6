import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  otpRequestResponseSchema,
  otpRequestSchema,
  otpStatusSchema,
  otpVerifyRequestSchema,
} from '@ctn/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { sessionOf } from '../../plugins/auth';
import type { OtpService } from './otp.service';

const tags = ['Withdrawals'];
const security = [{ bearerAuth: [] }];

/** The withdrawal code calls of member section 7, under /api/otp/withdrawal. */
export function otpRoutes(otp: OtpService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/request', {
      config: {
        auth: 'user',
        refusals: ['USER_NOT_FOUND', 'OTP_RESEND_TOO_SOON', 'TOO_MANY_REQUESTS'],
      },
      schema: {
        tags,
        security,
        summary: 'Mail a 6-digit code for a withdrawal (valid 10 minutes; voids older codes)',
        description:
          'The body may name the withdrawal ({amount, walletAddress}, beyond the spec): the mail then states both. A new code can be asked for 60 s after the previous one (OTP_RESEND_TOO_SOON, with `data.resendAvailableAt`), and at most 10 times an hour (TOO_MANY_REQUESTS).',
        body: otpRequestSchema,
        response: { 200: envelopeSchema(otpRequestResponseSchema) },
      },
      handler: async (request) => ok(await otp.request(sessionOf(request).id, request.body)),
    });

    app.post('/verify', {
      config: {
        auth: 'user',
        refusals: ['OTP_REQUIRED', 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS'],
      },
      schema: {
        tags,
        security,
        summary: 'Check a code (it stays usable once, for the withdrawal it confirms)',
        description:
          'A wrong code counts a try: the fifth voids the code (OTP_TOO_MANY_ATTEMPTS). OTP_EXPIRED after 10 minutes.',
        body: otpVerifyRequestSchema,
        response: { 200: envelopeSchema(z.object({ expiresAt: z.string() })) },
      },
      handler: async (request) => ok(await otp.verify(sessionOf(request).id, request.body.otp)),
    });

    app.get('/status', {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's current code: active, verified, expiry, tries left, next resend",
        response: { 200: envelopeSchema(otpStatusSchema) },
      },
      handler: async (request) => ok(await otp.status(sessionOf(request).id)),
    });
  };
}
