import { reviewWithdrawalSchema, type ReviewWithdrawalRequest } from '@ctn/contracts/withdrawals';

/**
 * The review dialogs check what the admin typed with the contracts' schema, the one the server
 * applies, so 'A reason is required when rejecting' and the hash format read the same on both.
 */

export interface ReviewInput {
  status: ReviewWithdrawalRequest['status'];
  reason?: string;
  transactionHash?: string;
  send?: boolean;
}

/** The body of PUT /withdrawals/{id}; blank fields are left out (they are optional). */
export function reviewBody(input: ReviewInput): ReviewWithdrawalRequest {
  const body: ReviewWithdrawalRequest = { status: input.status };
  const reason = input.reason?.trim();
  const hash = input.transactionHash?.trim();
  if (reason) body.reason = reason;
  if (hash) body.transactionHash = hash;
  if (input.send) body.send = true;
  return body;
}

export type ReviewCheck =
  | { ok: true; body: ReviewWithdrawalRequest; errors: Readonly<Record<string, string>> }
  | { ok: false; errors: Readonly<Record<string, string>> };

/** The parsed body, or the first message per field (`reason`, `transactionHash`). */
export function checkReview(input: ReviewInput): ReviewCheck {
  const result = reviewWithdrawalSchema.safeParse(reviewBody(input));
  if (result.success) return { ok: true, body: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}
