import { z } from 'zod';

/**
 * Account security (beyond the spec, issue 19): two-factor sign-in with an authenticator app,
 * the member's sessions and their security log. Under /api/users.
 */

export const TOTP_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Withdrawals wait this long after a password reset or a two-factor change. */
export const WITHDRAWAL_FREEZE_HOURS = 24;

const code = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .min(1, 'Enter the 6-digit code')
  .max(32, 'Enter the 6-digit code');

// GET /users/two-factor
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Administrators cannot switch it off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

// POST /users/two-factor/setup
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth:// URI, shown as a QR code. */
  otpauthUri: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(128);

// POST /users/two-factor/setup: the current password, so a stolen session cannot enrol a factor.
export const twoFactorSetupRequestSchema = z.object({ password });

// POST /users/two-factor/recovery-codes
export const twoFactorCodeRequestSchema = z.object({ code });
// POST /users/two-factor/enable
export const twoFactorEnableRequestSchema = z.object({ code, password });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

// POST /users/two-factor/disable
export const twoFactorDisableRequestSchema = z.object({ password, code });

/**
 * What an administrator checks with a member before resetting their second factor (the admin
 * user detail asks for every one); the reset is refused without all of them.
 */
export const TWO_FACTOR_RESET_CHECKS = [
  {
    id: 'IDENTITY_DOCUMENT',
    label: 'I saw an identity document that matches the name on this account.',
  },
  {
    id: 'ACCOUNT_FACTS',
    label:
      'The member told me their user ID, who invited them and their BingX UID without being shown them.',
  },
  {
    id: 'MAILBOX',
    label: "The member confirmed this request by replying from the account's email address.",
  },
  {
    id: 'SECURITY_LOG',
    label:
      'I read the security log with the member: every recent sign-in and change is one they recognise.',
  },
] as const;
export type TwoFactorResetCheck = (typeof TWO_FACTOR_RESET_CHECKS)[number]['id'];
const RESET_CHECK_IDS = TWO_FACTOR_RESET_CHECKS.map((c) => c.id) as [
  TwoFactorResetCheck,
  ...TwoFactorResetCheck[],
];
// POST /users/admin/:id/two-factor/reset
export const twoFactorResetRequestSchema = z.object({
  checks: z.array(z.enum(RESET_CHECK_IDS)).max(TWO_FACTOR_RESET_CHECKS.length),
});
export type TwoFactorResetRequest = z.infer<typeof twoFactorResetRequestSchema>;

// GET /users/sessions
export const sessionViewSchema = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionViewSchema) });

export const SECURITY_EVENT_KINDS = [
  'SIGN_IN',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'RECOVERY_CODES_RENEWED',
  'RECOVERY_CODE_USED',
  'SIGNED_OUT_EVERYWHERE',
  'SESSION_ENDED',
  'SIGNED_OUT',
  'WITHDRAWAL_REQUESTED',
  'WITHDRAWAL_CANCELLED',
  'PASSWORD_GUESSES_STOPPED',
  'ACCOUNT_FROZEN_BY_OWNER',
  'ACCOUNT_FREEZE_LIFTED',
  'TWO_FACTOR_CODE_WRONG',
  'TWO_FACTOR_PAUSED',
  'SIGN_IN_PAUSED',
  'SIGN_IN_RESUMED',
  'TWO_FACTOR_RESET',
  'ANTI_PHISHING_PHRASE_SET',
  'ANTI_PHISHING_PHRASE_REMOVED',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How the security log names each event. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  SIGN_IN: 'Signed in',
  PASSWORD_CHANGED: 'Password changed',
  PASSWORD_RESET: 'Password reset by email link',
  TWO_FACTOR_ENABLED: 'Two-factor authentication turned on',
  TWO_FACTOR_DISABLED: 'Two-factor authentication turned off',
  RECOVERY_CODES_RENEWED: 'New recovery codes made',
  RECOVERY_CODE_USED: 'Signed in with a recovery code',
  SIGNED_OUT_EVERYWHERE: 'Signed out everywhere',
  SESSION_ENDED: 'A session was signed out',
  SIGNED_OUT: 'Signed out',
  WITHDRAWAL_REQUESTED: 'Withdrawal requested',
  WITHDRAWAL_CANCELLED: 'Withdrawal request cancelled',
  PASSWORD_GUESSES_STOPPED: 'Too many wrong current passwords: every session was ended',
  ACCOUNT_FROZEN_BY_OWNER: '"Not me": withdrawals frozen and every session ended',
  ACCOUNT_FREEZE_LIFTED: 'Withdrawal freeze lifted by an administrator',
  TWO_FACTOR_CODE_WRONG: 'Right password, wrong two-factor code',
  TWO_FACTOR_PAUSED: 'Two-factor sign-in paused after too many wrong codes',
  SIGN_IN_PAUSED: 'Sign-in paused after too many wrong passwords',
  SIGN_IN_RESUMED: 'Sign-in resumed by the emailed link',
  TWO_FACTOR_RESET: 'Two-factor authentication reset by an administrator',
  ANTI_PHISHING_PHRASE_SET: 'Anti-phishing phrase set',
  ANTI_PHISHING_PHRASE_REMOVED: 'Anti-phishing phrase removed',
};

// GET /users/security-events
export const securityEventSchema = z.object({
  kind: z.enum(SECURITY_EVENT_KINDS),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventsResponseSchema = z.object({
  events: z.array(securityEventSchema),
  /** Until when withdrawals wait after a password reset or a two-factor change; null: none. */
  withdrawalsFrozenUntil: z.string().nullable(),
});
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;

// The owner's "Not me? Freeze my account" link of security and money mails (decision 040).

/** POST /users/freeze-account: the signed token of the mailed link. */
export const freezeAccountRequestSchema = z.object({ token: z.string().trim().min(1).max(512) });
export type FreezeAccountRequest = z.infer<typeof freezeAccountRequestSchema>;

/** What the freeze page shows before and after the click (no account data beyond the masked email). */
export const freezeAccountStateSchema = z.object({
  /** READY: not frozen yet, the button freezes; FROZEN: withdrawals already frozen by the owner. */
  state: z.enum(['READY', 'FROZEN']),
  maskedEmail: z.string(),
});
export type FreezeAccountState = z.infer<typeof freezeAccountStateSchema>;

// The anti-phishing phrase (decision 051): printed at the top of every mail to its member.

export const ANTI_PHISHING_PHRASE_MIN = 4;
export const ANTI_PHISHING_PHRASE_MAX = 32;

/**
 * Letters, digits, spaces and a few marks: nothing a mail's layout or a mail client could read
 * as markup or as a placeholder.
 */
export const antiPhishingPhraseSchema = z
  .string({ error: 'Enter a phrase' })
  .trim()
  .min(ANTI_PHISHING_PHRASE_MIN, `Use at least ${ANTI_PHISHING_PHRASE_MIN} characters`)
  .max(ANTI_PHISHING_PHRASE_MAX, `Use at most ${ANTI_PHISHING_PHRASE_MAX} characters`)
  .regex(/^[\p{L}\p{N} .,!?@#*_'-]+$/u, "Use letters, digits, spaces and . , ! ? @ # * _ ' - only");

/** PUT /users/anti-phishing: a new phrase, or null to remove it, confirmed by the password. */
export const antiPhishingRequestSchema = z.object({
  phrase: antiPhishingPhraseSchema.nullable(),
  password: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(256),
  /** With two-factor sign-in on: a current authenticator code or a recovery code. */
  totpCode: z.string().trim().max(32).optional(),
});
export type AntiPhishingRequest = z.infer<typeof antiPhishingRequestSchema>;

/** GET and PUT /users/anti-phishing: the phrase mails carry; null when none is set. */
export const antiPhishingResponseSchema = z.object({ phrase: z.string().nullable() });
export type AntiPhishingResponse = z.infer<typeof antiPhishingResponseSchema>;
