/** Business constants of both specs (member section 9, admin section 9) and DESIGN.md section 4. */

export const REFERRAL_LEVELS = 15;
export const SUBSCRIPTION_FEE_USDT = 10;
export const SUBSCRIPTION_PERIOD_DAYS = 30;
export const MIN_EXCHANGE_BALANCE_USDT = 100;
export const COMPLIANCE_GRACE_DAYS = 30;
export const MIN_WITHDRAWAL_USDT = 10;
/** Far above any balance, and far inside what a micro-USDT bigint column holds. */
export const MAX_WITHDRAWAL_USDT = 1_000_000_000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

/** Codes we issue: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** What the register form accepts before asking the server (member section 5). */
export const REFERRAL_CODE_MIN_LENGTH = 6;
export const REFERRAL_CODE_MAX_LENGTH = 32;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

export const VERIFY_EMAIL_TOKEN_TTL_HOURS = 24;
export const RESET_PASSWORD_TOKEN_TTL_HOURS = 1;

export const USER_STATUSES = ['ACTIVE', 'LOCKED', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const WITHDRAWAL_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'BLOCKED_COMPLIANCE',
  /** Beyond the spec: the member withdrew their own pending request; the amount returned. */
  'CANCELLED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The review time members are told (the withdrawal timeline): the spec states none, so this is
 * the operators' own promise, the one the `WithdrawalsWaiting` alert in docs/operations.md
 * watches (a request older than a day).
 */
export const WITHDRAWAL_REVIEW_HOURS = 24;

export const REWARD_TYPES = ['DIRECT', 'DOWNLINE'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

/** BEP20 USDT on BNB Smart Chain mainnet (18 decimals). */
export const USDT_BEP20_MAINNET = '0x55d398326f99059fF775485246999027B3197955';
export const USDT_DECIMALS_ON_CHAIN = 18;
export const MICRO_USDT_PER_USDT = 1_000_000;

// Screen timings and sizes.
export const COPY_CONFIRMATION_MS = 5_000;
export const REDIRECT_DELAY_MS = 3_000;
export const PASSWORD_BANNER_MS = 3_000;
export const ADMIN_TOAST_MS = 5_000;
export const NAVBAR_OPAQUE_AFTER_PX = 20;
export const SEARCH_DEBOUNCE_MS = 500;
export const REFERRAL_HISTORY_PAGE_SIZE = 10;
export const REFERRAL_PAGINATION_BUTTONS = 5;
export const REWARDS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const WITHDRAWAL_HISTORY_LIMIT = 50;
export const ADMIN_PAGE_SIZE = 10;
export const TREE_DEFAULT_LEVELS = 15;
export const TREE_EXPANDED_UP_TO_LEVEL = 2;
export const QR_SIZE_PX = 256;
export const AMOUNT_STEP = 0.01;

/** Storage keys the browser uses (member section 9). */
export const STORAGE_KEYS = {
  token: 'token',
  pendingUser: 'pendingUser',
  referralCode: 'referralCode',
} as const;

/** The product's and the exchange's names, as every page and mail writes them. */
export const PRODUCT_NAME = 'CopyTrade Network';
export const EXCHANGE_NAME = 'BingX';
