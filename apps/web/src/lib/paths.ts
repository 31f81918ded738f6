/** Every route of the app, in one place: features link with these, the router mounts them. */

export const LANDING_SECTION_IDS = {
  copyTrading: 'copy-trading',
  earn: 'earn',
  contactUs: 'contact-us',
} as const;

export const paths = {
  home: '/',
  signin: '/signin',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  freezeAccount: '/freeze-account',
  referral: (code: string) => `/ref/${encodeURIComponent(code)}`,
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  referrals: '/referrals',
  userTree: '/user-tree',
  rewards: '/rewards',
  cycleStatement: (number: number) => `/rewards/cycles/${number}`,
  profile: '/profile',
  settings: '/settings',
  support: '/support',
  about: '/about',
  /** The public contact form; `topic`, `subject` and `message` prefill it. */
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  risk: '/risk',
  earningsDisclosure: '/earnings-disclosure',
  proof: '/proof',
  landing: {
    copyTrading: `/#${LANDING_SECTION_IDS.copyTrading}`,
    earn: `/#${LANDING_SECTION_IDS.earn}`,
  },
  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    user: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
    withdrawals: '/admin/withdrawals',
    withdrawal: (id: string) => `/admin/withdrawals/${encodeURIComponent(id)}`,
    rewards: '/admin/rewards',
    /** The rewards list filtered to one cycle (a cycle's statement links there). */
    rewardsOfCycle: (cycle: number) => `/admin/rewards?cycle=${cycle}`,
    cycles: '/admin/cycles',
    cycle: (id: string) => `/admin/cycles/${encodeURIComponent(id)}`,
    userReports: '/admin/user-reports',
    settings: '/admin/settings',
    reconciliation: '/admin/reconciliation',
    treasury: '/admin/treasury',
    exchange: '/admin/exchange',
    uidClaims: '/admin/uid-claims',
    risk: '/admin/risk',
    auditLog: '/admin/audit-log',
    complianceRun: (id: number) => `/admin/compliance/runs/${id}`,
  },
} as const;

/**
 * The public referral link of a code (the dashboard and the referrals page copy it). The app's own
 * origin is PUBLIC_URL when the app serves the page.
 */
export function referralLink(code: string): string {
  return `${window.location.origin}${paths.referral(code)}`;
}

/** Where a signed-in user belongs by default (member section 4, "Sign-in result"). */
export function homePathFor(user: { isAdmin: boolean }): string {
  return user.isAdmin ? paths.admin.dashboard : paths.dashboard;
}

/**
 * The origin a guard passed to /signin (`state.from`), when it is a path inside this app.
 * Anything else (absent, another origin, a protocol-relative URL) is ignored.
 */
export function originFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from;
}

/** The address the verify screen hands to /signin (`state.email`), so the member only types the password. */
export function emailFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('email' in state)) return '';
  const email = state.email;
  return typeof email === 'string' ? email : '';
}

/** Where a sign-in ends: back to the page the guard came from, else the user's home. */
export function afterSignInPath(user: { isAdmin: boolean }, state: unknown): string {
  return originFrom(state) ?? homePathFor(user);
}
