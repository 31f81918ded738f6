/**
 * The error catalogue of both specs (member section 8, admin section 8), one entry per code:
 * the HTTP status the server answers with and the text the client shows. Where the admin
 * catalogue words a code differently, `adminText` holds its wording.
 * Codes marked "beyond the spec" are ours; the client falls back to the server text for them.
 */
export const ERROR_CATALOGUE = {
  USER_NOT_FOUND: {
    status: 404,
    text: 'User not found; check your email or register.',
    adminText: 'User not found',
  },
  USER_EXISTS: { status: 409, text: 'An account with this email already exists; sign in instead.' },
  EMAIL_ALREADY_VERIFIED: { status: 409, text: 'Already verified; you can sign in.' },
  INVALID_OR_EXPIRED_TOKEN: { status: 400, text: 'Link expired or invalid; request a new one.' },
  TOKEN_REQUIRED: { status: 400, text: 'Verification token is required.' },
  INVALID_REFERRAL_CODE: { status: 400, text: 'Invalid referral code.' },
  WALLET_CREATION_FAILED: { status: 500, text: 'Failed to create wallet.' },
  ACCOUNT_LOCKED: { status: 403, text: 'Contact support.' },
  ACCOUNT_DISABLED: { status: 403, text: 'Contact support.' },
  EMAIL_NOT_VERIFIED: { status: 403, text: 'Please verify your email address before signing in.' },
  SUBSCRIPTION_REQUIRED_TO_LINK: {
    status: 409,
    text: 'Pay your subscription first: linking your BingX account is the second step.',
  },
  UID_CLAIM_NOT_NEEDED: {
    status: 409,
    text: 'No account holds this UID: link it instead of claiming it.',
  },
  UID_CLAIM_ALREADY_OPEN: {
    status: 409,
    text: 'You already have an open claim; wait for its review.',
  },
  UID_CLAIM_NOT_FOUND: { status: 404, text: 'No open claim with this ID.' },
  CLAIMANT_ALREADY_LINKED: {
    status: 409,
    text: 'The claimant has linked another UID since; unlink or reject instead.',
  },
  BINGX_UID_ALREADY_SET: { status: 409, text: 'UID already set and cannot be changed.' },
  BINGX_UID_ALREADY_EXISTS: { status: 409, text: 'UID linked to another account.' },
  BINGX_UID_INELIGIBLE: { status: 400, text: 'UID is not eligible.' },
  BINGX_UID_INCOMPLETE_KYC: { status: 400, text: 'KYC not completed.' },
  BINGX_UID_INSUFFICIENT_DEPOSIT: { status: 400, text: 'Does not meet the minimum deposit.' },
  INSUFFICIENT_BALANCE: { status: 400, text: 'Balance is insufficient for the withdrawal.' },
  TOO_MANY_PENDING_WITHDRAWALS: { status: 409, text: 'Wait for existing requests.' },
  ACCOUNT_NOT_ACTIVE: { status: 403, text: 'Contact support.' },
  WITHDRAWAL_ALREADY_PROCESSED: {
    status: 409,
    text: 'Cannot be modified.',
    adminText: 'cannot be modified',
  },
  WALLET_ADDRESS_IN_USE: { status: 409, text: 'Already on another pending withdrawal.' },
  WITHDRAWAL_NOT_FOUND: {
    status: 404,
    text: 'Withdrawal not found.',
    adminText: 'withdrawal not found',
  },
  INSUFFICIENT_BALANCE_FOR_APPROVAL: {
    status: 409,
    text: 'Member balance is insufficient for approval.',
    adminText: 'member balance is insufficient for approval',
  },
  UNAUTHORIZED: {
    status: 401,
    text: 'Not authorized; sign in again.',
    adminText: 'not authorized; sign in again',
  },
  BAD_REQUEST: { status: 400, text: 'Invalid request.', adminText: 'invalid request' },
  INVALID_STATUS: {
    status: 400,
    text: 'Invalid account status.',
    adminText: 'invalid account status',
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    text: 'Server error, try later.',
    adminText: 'server error, try later',
  },
  VALIDATION_ERROR: { status: 400, text: 'Check your input.', adminText: 'check your input' },
  SAME_PASSWORD_ERROR: {
    status: 400,
    text: 'The new password cannot be the same as the current one.',
    adminText: 'the new password cannot be the same as the current one',
  },
  CURRENT_PASSWORD_INCORRECT: { status: 400, text: 'The current password is incorrect.' },
  // Client-side only: never sent by the server.
  NETWORK_ERROR: {
    status: 0,
    text: 'Network connection failed.',
    adminText: 'network connection failed',
  },
  UNKNOWN_ERROR: {
    status: 0,
    text: 'An unexpected error occurred.',
    adminText: 'an unexpected error occurred',
  },
  // Beyond the spec.
  INVALID_CREDENTIALS: { status: 401, text: 'Invalid email or password. Please try again.' },
  FORBIDDEN: { status: 403, text: 'You do not have access to this page.' },
  NOT_FOUND: { status: 404, text: 'The requested resource was not found.' },
  COMPLIANCE_MODE_FROM_ENVIRONMENT: {
    status: 409,
    text: 'COMPLIANCE_MODE is set in the server environment; change it there.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    text: 'Too many attempts. Please wait a few minutes and try again.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    text: 'The service is temporarily unavailable. Please try again shortly.',
  },
  EXCHANGE_UNAVAILABLE: {
    status: 503,
    text: 'BingX could not be reached. Nothing was saved; please try again in a minute.',
  },
  OTP_REQUIRED: { status: 400, text: 'Please enter the OTP code' },
  OTP_INVALID: { status: 400, text: 'Invalid OTP code' },
  OTP_EXPIRED: { status: 400, text: 'The code has expired. Request a new one.' },
  OTP_TOO_MANY_ATTEMPTS: {
    status: 400,
    text: 'Too many wrong codes. Request a new one.',
  },
  OTP_INTENT_MISMATCH: {
    status: 400,
    text: 'This code was sent for another amount or address. Check them, or request a new code.',
  },
  OTP_RESEND_TOO_SOON: {
    status: 429,
    text: 'A code was sent a moment ago. Please wait before asking for another.',
  },
  WITHDRAWAL_BELOW_MINIMUM: { status: 400, text: 'The amount is below the minimum withdrawal.' },
  INVALID_WALLET_ADDRESS: { status: 400, text: 'Please enter a valid wallet address' },
  PAYOUT_IN_PROGRESS: {
    status: 409,
    text: 'A hot-wallet payout of this request is being confirmed; it cannot be decided by hand.',
  },
  TRANSACTION_ALREADY_USED: {
    status: 409,
    text: 'This transaction hash already approved another withdrawal.',
  },
  PAYOUT_UNAVAILABLE: {
    status: 503,
    text: 'The hot wallet could not send the payout. Nothing was approved; try again.',
  },
  PAYOUT_PENDING: {
    status: 409,
    text: 'The payout is on chain and waiting to be final; it is approved automatically then. Do not pay it another way.',
  },
  PAYOUT_CANCELLING: {
    status: 409,
    text: 'The payout transaction is being cancelled on chain; the request is returned once the cancellation is final.',
  },
  TRANSACTION_NOT_FOUND: {
    status: 409,
    text: 'No mined transaction with this hash on the chain: check the hash.',
  },
  TRANSACTION_NOT_USDT: {
    status: 409,
    text: 'This transaction holds no USDT transfer (another token, a failed transaction or none).',
  },
  TRANSACTION_WRONG_RECIPIENT: {
    status: 409,
    text: "This transaction's USDT went to another address than the request's.",
  },
  TRANSACTION_WRONG_AMOUNT: {
    status: 409,
    text: "This transaction's USDT transfer to the request's address is of another amount.",
  },
  PAYOUT_NOT_CONFIGURED: {
    status: 409,
    text: 'This server has no hot wallet to send from. Approve with the transaction hash of a transfer made elsewhere.',
  },
  MAIL_NOT_CONFIGURED: {
    status: 409,
    text: 'This server has no mail relay (SMTP_URL is not set): mail stays in the development mailbox.',
  },
  CHAIN_UNAVAILABLE: {
    status: 503,
    text: 'The payment network could not be reached. Please try again in a minute.',
  },
  MAINTENANCE_MODE: {
    status: 503,
    text: 'The platform is under maintenance. Please try again later.',
  },
  CYCLE_PERIOD_OVERLAP: {
    status: 409,
    text: 'A paid cycle, from the exchange or a CSV, already covers some of these days: every day of trading is paid once. Pick another period, or make a CSV correction cycle with its reason.',
  },
  CYCLE_CORRECTION_UNCONFIRMED: {
    status: 409,
    text: 'Paid cycles already cover some of these days: confirm the cycles this correction corrects. Their lines for the days both cover are taken back when it runs.',
  },
  CYCLE_CORRECTION_OF_CORRECTION: {
    status: 409,
    text: 'A correction cycle already covers some of these days, and a correction cannot be corrected again. Pick days no correction covers.',
  },
  WITHDRAWALS_FROZEN: {
    status: 403,
    text: 'Withdrawals are on hold for 24 hours after a password reset or a two-factor change, to protect your balance.',
  },
  WITHDRAWALS_FROZEN_BY_OWNER: {
    status: 403,
    text: 'Withdrawals on this account are frozen: someone used "Not me? Freeze my account" from one of our emails. Only an administrator can lift the freeze: contact support.',
  },
  MEMBER_WITHDRAWALS_FROZEN: {
    status: 409,
    text: "This member's withdrawals are frozen: the request stays pending until the freeze ends or an administrator lifts it.",
  },
  WITHDRAWAL_FREEZE_NOT_FOUND: {
    status: 409,
    text: 'Withdrawals of this account are not frozen by its owner: there is nothing to lift.',
  },
  TWO_FACTOR_REQUIRED: {
    status: 401,
    text: 'Enter the 6-digit code from your authenticator app.',
  },
  INVALID_TWO_FACTOR_CODE: {
    status: 401,
    text: 'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    text: 'Set up two-factor authentication to use the admin panel.',
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    text: 'Two-factor authentication is already on.',
  },
  TWO_FACTOR_NOT_STARTED: {
    status: 409,
    text: 'Start the setup again: scan a new QR code first.',
  },
  TWO_FACTOR_NOT_ENABLED: { status: 409, text: 'Two-factor authentication is off.' },
  TWO_FACTOR_REQUIRED_FOR_ADMINS: {
    status: 403,
    text: 'Administrators must keep two-factor authentication on.',
  },
  TWO_FACTOR_PAUSED: {
    status: 429,
    text: 'Too many wrong codes: two-factor sign-in of this account is paused for a while. We emailed its owner a link to resume it at once.',
  },
  SIGN_IN_PAUSED: {
    status: 403,
    text: 'After too many wrong passwords this account signs in only through the link we emailed to its owner. Check your inbox.',
  },
  TWO_FACTOR_RESET_CHECKS_REQUIRED: {
    status: 400,
    text: 'Tick every check you made with the member before resetting their second factor.',
  },
  /** Beyond the spec: a proof of liabilities is being built (docs/decisions/048). */
  PROOF_BUILD_IN_PROGRESS: {
    status: 409,
    text: 'A proof of liabilities is being built right now; its root appears when it completes.',
  },
  RISK_SIGNAL_NOT_FOUND: {
    status: 404,
    text: 'No such risk signal now; reload the page.',
  },
  UID_REVIEW_NOT_FOUND: {
    status: 404,
    text: 'This member has no UID link under review.',
  },
  UID_REVIEW_ALREADY_DECIDED: {
    status: 409,
    text: 'This UID link was already cleared or rejected by an administrator; reload the page.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    text: 'The request is too large. Send a smaller file or less text.',
  },
} as const satisfies Record<string, { status: number; text: string; adminText?: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function errorText(code: ErrorCode, audience: 'member' | 'admin' = 'member'): string {
  const entry: { text: string; adminText?: string } = ERROR_CATALOGUE[code];
  return audience === 'admin' ? (entry.adminText ?? entry.text) : entry.text;
}
