/**
 * The thresholds of the risk center's signals (docs/security.md, "Risk center"). Each is a
 * reason for an administrator to look, not a verdict: families share addresses, and an office
 * shares one public IP.
 */
export const RISK_RULES = {
  /** Sign-ins, sessions, UID checks and wrong codes older than this are not looked at. */
  lookbackDays: 30,
  /** Two or more members signed in from one address (or one address and browser) in the look-back. */
  sharedMembersMin: 2,
  /** The referral levels within which an upline and a downline sharing an address is a loop. */
  loopLevels: 15,
  /** Sign-ups under one referral code within `burstWindowMinutes` of the first. */
  burstSignUps: 10,
  burstWindowMinutes: 60,
  /** Distinct UIDs one member checked or tried to link on one UTC day. */
  uidProbeDistinctUids: 10,
  /** Wrong second-factor or recovery codes on one account on one UTC day. */
  secondFactorFailures: 3,
  /** At most this many signals of each kind are listed (the newest). */
  perKindLimit: 200,
} as const;

/**
 * The security-event kinds that are a wrong code at sign-in. Written by the second-factor
 * budget (docs/security.md, "Second factor"); before that change is deployed none exist, and the
 * signal simply finds nothing.
 */
export const SECOND_FACTOR_FAILURE_KINDS = ['TWO_FACTOR_CODE_WRONG', 'RECOVERY_CODE_WRONG'];
