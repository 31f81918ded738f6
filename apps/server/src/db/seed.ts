import type { Config } from '../config';
import type { AuthService } from '../modules/auth/auth.service';

/** Demo sign-in details, printed at start in development. Never created in production. */
export const DEMO = {
  member: {
    email: 'demo@example.com',
    password: 'DemoMember@2026',
    referralCode: 'TRADEWAY',
    firstName: 'Alex',
    lastName: 'Morgan',
  },
  admin: { email: 'admin@example.com', password: 'DemoAdmin@2026' },
  referrals: [
    { firstName: 'Sofia', lastName: 'Patel', email: 'sofia.patel@example.com' },
    { firstName: 'Liam', lastName: 'Chen', email: 'liam.chen@example.com' },
    { firstName: 'Noah', lastName: 'Garcia', email: 'noah.garcia@example.com' },
  ],
} as const;

export interface BootstrapReport {
  rootReferralCode: string;
  rootCreated: boolean;
  adminCreated: boolean;
  demo: boolean;
}

/**
 * Start-up data, idempotent: the network's root, the administrator of ADMIN_EMAIL, and in
 * development the demo accounts.
 */
export async function bootstrap(auth: AuthService, config: Config): Promise<BootstrapReport> {
  const root = await auth.ensureRoot(config.rootReferralCode);
  let adminCreated = false;
  if (config.admin.email && config.admin.password) {
    adminCreated = await auth.ensureAdmin(config.admin.email, config.admin.password);
  } else if (config.demoMode) {
    adminCreated = await auth.ensureAdmin(DEMO.admin.email, DEMO.admin.password);
  }
  if (config.demoMode) await seedDemo(auth, root.code);
  return {
    rootReferralCode: root.code,
    rootCreated: root.created,
    adminCreated,
    demo: config.demoMode,
  };
}

async function seedDemo(auth: AuthService, rootCode: string): Promise<void> {
  if (await auth.findByEmail(DEMO.member.email)) return;
  const root = await auth.findByReferralCode(rootCode);
  if (!root) throw new Error('root account missing');
  const member = await auth.createAccount({
    firstName: DEMO.member.firstName,
    lastName: DEMO.member.lastName,
    email: DEMO.member.email,
    password: DEMO.member.password,
    referrerId: root.id,
    emailVerified: true,
    referralCode: DEMO.member.referralCode,
  });
  for (const referral of DEMO.referrals) {
    await auth.createAccount({
      ...referral,
      password: DEMO.member.password,
      referrerId: member.id,
      emailVerified: true,
    });
  }
}
