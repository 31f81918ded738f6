import { z } from 'zod';
import { MIN_WITHDRAWAL_USDT, REFERRAL_LEVELS } from './constants';

/**
 * Beyond the spec: platform settings an administrator saves and that take effect
 * (GET/PUT /api/admin/settings/rewards). Percents are of the master amount (DOWNLINE) or of the
 * fee (DIRECT), with at most two decimals.
 */

export const DEFAULT_DIRECT_PERCENTS = [20, 10, 5];
export const DEFAULT_DOWNLINE_PERCENTS = [3, 2, 1.5, 1.5, 1, ...Array<number>(10).fill(0.6)];
export const DEFAULT_COPYING_STOPPED_DAYS = 7;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

const percent = z
  .number({ error: 'Each percent must be a number' })
  .min(0, 'A percent cannot be negative')
  .max(100, 'A percent cannot exceed 100')
  .refine(twoDecimals, 'A percent has at most two decimals');

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const rewardSettingsSchema = z.object({
  /** The subscription fee in USDT per period. */
  subscriptionFee: z
    .number({ error: 'The fee must be a number' })
    .min(1, 'The fee must be at least 1 USDT')
    .max(10_000, 'The fee cannot exceed 10,000 USDT')
    .refine(twoDecimals, 'The fee has at most two decimals'),
  /** DIRECT: percent of the fee for the payer's uplines, level 1 first. */
  directPercents: z
    .array(percent)
    .min(1, 'Give at least level 1')
    .max(REFERRAL_LEVELS, `At most ${REFERRAL_LEVELS} levels`)
    .refine((p) => sumOf(p) <= 100, 'The direct percents add up to more than 100'),
  /** DOWNLINE: percent of the master amount for each level 1 to 15. */
  downlinePercents: z
    .array(percent)
    .length(REFERRAL_LEVELS, `Give exactly ${REFERRAL_LEVELS} levels`)
    .refine((p) => sumOf(p) <= 100, 'The downline percents add up to more than 100'),
  /** The smallest withdrawal a member may request, in USDT. */
  minimumWithdrawal: z
    .number({ error: 'The minimum must be a number' })
    .min(0.01, 'The minimum must be at least 0.01 USDT')
    .max(100_000, 'The minimum cannot exceed 100,000 USDT')
    .refine(twoDecimals, 'The minimum has at most two decimals'),
  /** Compliance: days without copy-trading volume before earnings lock. */
  copyingStoppedDays: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days'),
});
export type RewardSettings = z.infer<typeof rewardSettingsSchema>;

export const DEFAULT_REWARD_SETTINGS: RewardSettings = {
  subscriptionFee: 10,
  directPercents: DEFAULT_DIRECT_PERCENTS,
  downlinePercents: DEFAULT_DOWNLINE_PERCENTS,
  minimumWithdrawal: MIN_WITHDRAWAL_USDT,
  copyingStoppedDays: DEFAULT_COPYING_STOPPED_DAYS,
};

/**
 * Beyond the spec (its toggles are local only): system settings an administrator saves and that
 * take effect (GET/PUT /api/admin/settings/system). Options as in admin spec section 9.
 */
export const SESSION_TIMEOUT_OPTIONS = [15, 30, 60, 120, 240] as const;
export const MAX_LOGIN_ATTEMPTS_OPTIONS = [3, 5, 10] as const;
export const MAIL_RETENTION_OPTIONS = [7, 30, 90, 365] as const;

export const systemSettingsSchema = z.object({
  /** Administrator sessions end this many minutes after sign-in (members keep 24 hours). */
  sessionTimeoutMinutes: z.literal(SESSION_TIMEOUT_OPTIONS, {
    error: `Session timeout must be one of ${SESSION_TIMEOUT_OPTIONS.join(', ')} minutes`,
  }),
  /** Failed sign-ins to one account from one address within 15 minutes before that address is refused. */
  maxLoginAttempts: z.literal(MAX_LOGIN_ATTEMPTS_OPTIONS, {
    error: `Max login attempts must be one of ${MAX_LOGIN_ATTEMPTS_OPTIONS.join(', ')}`,
  }),
  /** While on, members cannot sign in or call the API; administrators keep working. */
  maintenanceMode: z.boolean({ error: 'Maintenance mode must be true or false' }),
  /** The master switch for the administrators' alert mails below. */
  emailNotifications: z.boolean({ error: 'Email notifications must be true or false' }),
  /** Mail every administrator on a new withdrawal request. */
  withdrawalAlerts: z.boolean({ error: 'Withdrawal alerts must be true or false' }),
  /** Mail every administrator on a new registration. */
  userRegistrationAlerts: z.boolean({ error: 'Registration alerts must be true or false' }),
  /** Delivered mails are deleted from the outbox after this many days. */
  mailRetentionDays: z.literal(MAIL_RETENTION_OPTIONS, {
    error: `Mail retention must be one of ${MAIL_RETENTION_OPTIONS.join(', ')} days`,
  }),
  /** A BingX UID invited by one of our invitees (not by our own code) may be linked. */
  indirectInvitationsEligible: z.boolean({
    error: 'Indirect invitations must be true or false',
  }),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const DEFAULT_SYSTEM_SETTINGS: SystemSettings = {
  sessionTimeoutMinutes: 30,
  maxLoginAttempts: 5,
  maintenanceMode: false,
  emailNotifications: true,
  withdrawalAlerts: true,
  userRegistrationAlerts: false,
  mailRetentionDays: 30,
  indirectInvitationsEligible: true,
};
