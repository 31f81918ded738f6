import { z } from 'zod';
import { envelopeSchema } from './envelope';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REFERRAL_CODE_MAX_LENGTH,
  USER_STATUSES,
} from './constants';
import {
  EMAIL_PATTERN,
  NOT_BLANK_PATTERN,
  PASSWORD_RULES_PATTERN,
  STRONG_PASSWORD,
  trimmedPattern,
} from './validation';
import type { SubscriptionFee } from './subscription-fee';

/** Wire schemas of the accounts calls (member section 7). */

/** A string field whose absence and emptiness both give the spec's "required" message. */
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).meta({ pattern: NOT_BLANK_PATTERN });

/** isEmail (validation.ts) as checks the API document can state. */
const email = required('Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email is invalid')
  .regex(EMAIL_PATTERN, 'Email is invalid')
  .meta({ format: 'email', pattern: trimmedPattern(EMAIL_PATTERN) });

export const registerRequestSchema = z.object({
  firstName: required('First name is required').max(
    NAME_MAX_LENGTH,
    `First name must be at most ${NAME_MAX_LENGTH} characters`,
  ),
  lastName: required('Last name is required').max(
    NAME_MAX_LENGTH,
    `Last name must be at most ${NAME_MAX_LENGTH} characters`,
  ),
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
  referredByCode: required('Referral code is required').max(
    REFERRAL_CODE_MAX_LENGTH,
    'Invalid referral code.',
  ),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: required('Email is required').max(EMAIL_MAX_LENGTH),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
  /** The authenticator's 6 digits, or a recovery code, for accounts with two-factor sign-in. */
  totpCode: z.string().trim().max(32).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const emailRequestSchema = z.object({ email });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** Resend / send verification: the email may be omitted when the caller is signed in. */
export const verificationEmailRequestSchema = z.object({ email: email.optional() }).nullish();

export const tokenRequestSchema = z.object({ token: z.string().max(256).optional() });

export const resetPasswordRequestSchema = z.object({
  token: z.string().max(256).optional(),
  // The service applies the password rules (resetPasswordErrors); the document states them.
  newPassword: z.string({ error: 'Password is required' }).max(1024).meta({
    pattern: PASSWORD_RULES_PATTERN,
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
  }),
  confirmPassword: z.string({ error: 'Please confirm your password' }).max(1024),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

const passwordField = z.string({ error: 'Please fill in all password fields' }).max(1024);

export const changePasswordRequestSchema = z.object({
  currentPassword: passwordField,
  // The service applies the form's rule (changePasswordError); the document states it.
  newPassword: passwordField.meta({
    pattern: STRONG_PASSWORD.source,
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
  }),
  confirmPassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The subscription as a user carries it: `{paid, timestamp}`, or a plain number (member section 3
 * says it can arrive so; this server always sends the object, clients must read both). Read it
 * with the helpers of `subscription-fee` (free of zod, for the first screen's bundle).
 */
export const subscriptionFeeSchema: z.ZodType<SubscriptionFee> = z.union([
  z.object({ paid: z.boolean(), timestamp: z.string().nullable() }),
  z.number(),
]);

/** The user of the session and profile (member section 3). */
export const userSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isEmailVerified: z.boolean(),
  isAdmin: z.boolean(),
  referralCode: z.string(),
  subscriptionFee: subscriptionFeeSchema,
  bingXUID: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  walletAddress: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** Beyond the spec: the account signs in with a second factor (administrators must). */
  twoFactorEnabled: z.boolean(),
  /** Beyond the spec: the referral link on the product's public URL (PUBLIC_URL). */
  referralLink: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** GET /users/referrer/{code} (beyond the spec): who invites with a code, and its link. */
export const referrerSchema = z.object({
  /** "Alex M.": first name and last initial. */
  name: z.string(),
  referralCode: z.string(),
  link: z.string(),
});
export type Referrer = z.infer<typeof referrerSchema>;

/** What the verify screen keeps in local storage under `pendingUser`. */
export const pendingUserSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Whose referral code the registration is under ("Jane D."), shown while verifying. */
  referredBy: z.string().optional(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

export const registerResponseSchema = z.object({
  requiresVerification: z.boolean(),
  user: pendingUserSchema,
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * A login with the right password: signed in (a token and the user), or, for an unverified
 * account, `requiresVerification` with the pending user and no token (member section 4).
 */
export const loginResponseSchema = z.discriminatedUnion('requiresVerification', [
  z.object({
    requiresVerification: z.literal(false),
    token: z.string(),
    user: userSchema,
    /** Beyond the spec: the account never signed in before ("Welcome", not "Welcome back"). */
    firstSignIn: z.boolean().optional(),
  }),
  z.object({ requiresVerification: z.literal(true), token: z.null(), user: pendingUserSchema }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Member section 7 reads `requiresVerification`, `token` and `user` of a login, and
 * `requiresVerification` of a registration, beside the envelope: they are repeated there, the
 * same values as in `data`.
 */
export const loginEnvelopeSchema = envelopeSchema(loginResponseSchema).extend({
  requiresVerification: z.boolean(),
  token: z.string().nullable(),
  user: z.union([userSchema, pendingUserSchema]),
});
export const registerEnvelopeSchema = envelopeSchema(registerResponseSchema).extend({
  requiresVerification: z.boolean(),
});

/** `data` of the TWO_FACTOR_REQUIRED failure of a login with the right password. */
export const loginTwoFactorDataSchema = z.object({ requiresTwoFactor: z.literal(true) });

/** A password change ends every session; the answer carries the caller's new token. */
export const changePasswordResponseSchema = z.object({ token: z.string() });

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number(),
  }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** Members seen within this many minutes count as active on the System Overview. */
export const ACTIVE_USERS_WINDOW_MINUTES = 15;

/**
 * GET /api/admin/system-overview (admin section 2, "System Overview", live instead of the
 * spec's static values). A figure the database could not give is null, never 0.
 */
export const systemOverviewSchema = z.object({
  server: z.object({ status: z.literal('online'), version: z.string(), uptimeSeconds: z.number() }),
  database: z.object({
    status: z.enum(['connected', 'unreachable']),
    latencyMs: z.number().nullable(),
  }),
  /** Members with a session seen in the last ACTIVE_USERS_WINDOW_MINUTES minutes. */
  activeUsers: z.number().nullable(),
  pendingActions: z
    .object({ total: z.number(), pendingWithdrawals: z.number(), openUidClaims: z.number() })
    .nullable(),
  checkedAt: z.string(),
});
export type SystemOverview = z.infer<typeof systemOverviewSchema>;

/**
 * GET/PUT /users/notifications (beyond the spec): the mails a member may switch off. Receipts,
 * withdrawal decisions and security mails are transactional and always sent.
 */
export const notificationSettingsSchema = z.object({
  /** "Reward cycle #N: X USDT credited" after each cycle. */
  cycleCredited: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
