/** Demo sign-in details, printed at start in development. Never created in production. */
export const DEMO = {
  member: {
    email: 'demo@example.com',
    password: 'DemoMember@2026',
    referralCode: 'TRADEWAY',
    firstName: 'Alex',
    lastName: 'Morgan',
  },
  admin: {
    email: 'admin@example.com',
    password: 'DemoAdmin@2026',
    /** The demo administrator's authenticator key (administrators sign in with a second factor). */
    totpSecret: 'CTNDEMOADMIN2FAKEY234567',
  },
  /** Exchange UID of the demo member (linked in demo data). */
  bingxUid: '20260001',
} as const;
