import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  adminWithdrawalSchema,
  adminWithdrawalsQuerySchema,
  adminWithdrawalsResponseSchema,
  chainCheckSchema,
  checkTransactionSchema,
  createWithdrawalSchema,
  reviewWithdrawalSchema,
  withdrawalIdParamsSchema,
  withdrawalReviewSchema,
  withdrawalSchema,
  withdrawalsQuerySchema,
  withdrawalsResponseSchema,
} from '@ctn/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_EXPORT_DESCRIPTION, CSV_EXPORT_RESPONSE, csvHeaders, csvStream } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { actorOf, sessionOf } from '../../plugins/auth';
import type { WithdrawalReviewService } from './withdrawal-review.service';
import type { WithdrawalsService } from './withdrawals.service';

const security = [{ bearerAuth: [] }];
const member = ['Withdrawals'];
const admin = ['Admin: withdrawals'];

/** The withdrawal calls of member and admin section 7, under /api/withdrawals. */
export function withdrawalsRoutes(
  withdrawals: WithdrawalsService,
  review: WithdrawalReviewService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/', {
      config: { auth: 'user' },
      schema: {
        tags: member,
        security,
        summary: "The caller's withdrawal requests, newest first",
        querystring: withdrawalsQuerySchema,
        response: { 200: envelopeSchema(withdrawalsResponseSchema) },
      },
      handler: async (request) =>
        ok(await withdrawals.listOwn(sessionOf(request).id, request.query)),
    });

    app.post('/', {
      config: {
        auth: 'user',
        refusals: [
          'ACCOUNT_NOT_ACTIVE',
          'INSUFFICIENT_BALANCE',
          'INVALID_WALLET_ADDRESS',
          'WITHDRAWAL_BELOW_MINIMUM',
          'TOO_MANY_PENDING_WITHDRAWALS',
          'WALLET_ADDRESS_IN_USE',
          'WITHDRAWALS_FROZEN',
          'OTP_REQUIRED',
          'OTP_INVALID',
          'OTP_EXPIRED',
          'OTP_TOO_MANY_ATTEMPTS',
          'OTP_INTENT_MISMATCH',
          'TWO_FACTOR_REQUIRED',
          'WITHDRAWALS_FROZEN_BY_OWNER',
          'INVALID_TWO_FACTOR_CODE',
          'TWO_FACTOR_PAUSED',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags: member,
        security,
        summary: 'Request a withdrawal with the mailed code: the amount is held at once',
        description:
          'Refusals: INVALID_WALLET_ADDRESS (EIP-55 checksum enforced on mixed case), VALIDATION_ERROR (amount), WITHDRAWAL_BELOW_MINIMUM (an admin setting, 10 USDT by default), ACCOUNT_NOT_ACTIVE (locked, disabled or compliance-locked), OTP_* (the code), TOO_MANY_PENDING_WITHDRAWALS (one pending request at a time), WALLET_ADDRESS_IN_USE (pending for another member), INSUFFICIENT_BALANCE; beyond the spec (decision 040): TWO_FACTOR_REQUIRED and INVALID_TWO_FACTOR_CODE for a member with two-factor sign-in (`totpCode`, wrong ones counted), WITHDRAWALS_FROZEN (until a time) and WITHDRAWALS_FROZEN_BY_OWNER. The first request to an address the member never used is mailed to them.',
        body: createWithdrawalSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
      handler: async (request) => ok(await withdrawals.create(sessionOf(request).id, request.body)),
    });

    app.get('/:id', {
      config: { auth: 'user', refusals: ['WITHDRAWAL_NOT_FOUND'] },
      schema: {
        tags: member,
        security,
        summary: "One of the caller's requests (anyone else's answers WITHDRAWAL_NOT_FOUND)",
        params: withdrawalIdParamsSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
      handler: async (request) =>
        ok(await withdrawals.getOwn(sessionOf(request).id, request.params.id)),
    });

    app.post('/:id/cancel', {
      config: {
        auth: 'user',
        refusals: [
          'WITHDRAWAL_NOT_FOUND',
          'WITHDRAWAL_ALREADY_PROCESSED',
          'PAYOUT_IN_PROGRESS',
          'PAYOUT_PENDING',
          'PAYOUT_CANCELLING',
        ],
      },
      schema: {
        tags: member,
        security,
        summary: "Cancel one of the caller's PENDING requests: the amount returns to available",
        description:
          'Beyond the spec. Refusals: WITHDRAWAL_NOT_FOUND (no such request of the caller), WITHDRAWAL_ALREADY_PROCESSED (decided, or cancelled before), PAYOUT_IN_PROGRESS (the hot wallet signed it and this server cannot cancel it), PAYOUT_PENDING (its payout is on chain: it is being paid), PAYOUT_CANCELLING (its payout is being cancelled on chain: the amount returns once that is final; decision 045).',
        params: withdrawalIdParamsSchema,
        response: { 200: envelopeSchema(withdrawalSchema) },
      },
      handler: async (request) =>
        ok(await withdrawals.cancelOwn(sessionOf(request).id, request.params.id)),
    });

    app.get('/admin/all', {
      config: { auth: 'admin' },
      schema: {
        tags: admin,
        security,
        summary: 'Every request, searchable by member or address, with statistics',
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalsResponseSchema) },
      },
      handler: async (request) => ok(await review.list(request.query)),
    });

    app.get('/admin/export', {
      config: { auth: 'admin', refusals: ['VALIDATION_ERROR'] },
      schema: {
        tags: admin,
        security,
        summary: 'The requests matching the list filters (search, status, sort) as a CSV file',
        description: CSV_EXPORT_DESCRIPTION,
        querystring: adminWithdrawalsQuerySchema.omit({ page: true, limit: true }),
        response: CSV_EXPORT_RESPONSE,
      },
      handler: async (request, reply) => {
        const csv = await review.exportCsv(request.query, actorOf(request));
        return reply.headers(csvHeaders(csv.filename)).send(csvStream(csv));
      },
    });

    app.get('/admin/user/:userId', {
      config: { auth: 'admin', refusals: ['USER_NOT_FOUND'] },
      schema: {
        tags: admin,
        security,
        summary: "One member's requests (`userId` is the public number, CT...)",
        params: z.object({ userId: z.string().max(32) }),
        querystring: adminWithdrawalsQuerySchema,
        response: { 200: envelopeSchema(adminWithdrawalsResponseSchema) },
      },
      handler: async (request) =>
        ok(await review.listOfMember(request.params.userId, request.query)),
    });

    app.get('/admin/:id', {
      config: { auth: 'admin', refusals: ['WITHDRAWAL_NOT_FOUND', 'USER_NOT_FOUND'] },
      schema: {
        tags: admin,
        security,
        summary: 'A request with its member, balances, ledger, past requests and chain check',
        params: withdrawalIdParamsSchema,
        response: { 200: envelopeSchema(withdrawalReviewSchema) },
      },
      handler: async (request) => ok(await review.review(request.params.id)),
    });

    app.post('/admin/:id/check-transaction', {
      config: { auth: 'admin', refusals: ['WITHDRAWAL_NOT_FOUND', 'CHAIN_UNAVAILABLE'] },
      schema: {
        tags: admin,
        security,
        summary: 'Is this hash a USDT transfer of the amount to the address? (before approving)',
        params: withdrawalIdParamsSchema,
        body: checkTransactionSchema,
        response: { 200: envelopeSchema(chainCheckSchema) },
      },
      handler: async (request) =>
        ok(await review.checkTransaction(request.params.id, request.body.transactionHash)),
    });

    app.put('/:id', {
      config: {
        auth: 'admin',
        refusals: [
          'WITHDRAWAL_NOT_FOUND',
          'WITHDRAWAL_ALREADY_PROCESSED',
          'INSUFFICIENT_BALANCE_FOR_APPROVAL',
          'PAYOUT_IN_PROGRESS',
          'PAYOUT_PENDING',
          'PAYOUT_CANCELLING',
          'TRANSACTION_ALREADY_USED',
          'PAYOUT_NOT_CONFIGURED',
          'PAYOUT_UNAVAILABLE',
          'CHAIN_UNAVAILABLE',
          'MEMBER_WITHDRAWALS_FROZEN',
        ],
      },
      schema: {
        tags: admin,
        security,
        summary: 'Approve (with a hash, or `send` from the hot wallet), reject or block a request',
        description:
          'A processed request never changes (WITHDRAWAL_ALREADY_PROCESSED). REJECTED needs a reason. Approval fails with INSUFFICIENT_BALANCE_FOR_APPROVAL if the held amount is missing, and with MEMBER_WITHDRAWALS_FROZEN while the withdrawals of the member are frozen (the request stays pending; decision 040). Every decision is in the audit log.',
        params: withdrawalIdParamsSchema,
        body: reviewWithdrawalSchema,
        response: { 200: envelopeSchema(adminWithdrawalSchema) },
      },
      handler: async (request) =>
        ok(await review.decide(request.params.id, request.body, actorOf(request))),
    });
  };
}
