import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { AuthService } from '../modules/auth/auth.service';
import type { Db } from './client';

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
  /** Exchange UID of the demo member (linked in demo data). */
  bingxUid: '20260001',
} as const;

const FIRST_NAMES = [
  'Sofia',
  'Liam',
  'Noah',
  'Emma',
  'Mia',
  'Lucas',
  'Aria',
  'Ethan',
  'Zoe',
  'Omar',
  'Lena',
  'Kai',
];
const LAST_NAMES = [
  'Patel',
  'Chen',
  'Garcia',
  'Novak',
  'Okafor',
  'Silva',
  'Kim',
  'Rossi',
  'Haddad',
  'Berg',
];

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
export async function bootstrap(
  auth: AuthService,
  db: Db,
  config: Config,
): Promise<BootstrapReport> {
  const root = await auth.ensureRoot(config.rootReferralCode);
  let adminCreated = false;
  if (config.admin.email && config.admin.password) {
    adminCreated = await auth.ensureAdmin(config.admin.email, config.admin.password);
  } else if (config.demoMode) {
    adminCreated = await auth.ensureAdmin(DEMO.admin.email, DEMO.admin.password);
  }
  if (config.demoMode) await seedDemo(auth, db, root.code);
  return {
    rootReferralCode: root.code,
    rootCreated: root.created,
    adminCreated,
    demo: config.demoMode,
  };
}

/**
 * The demo member, paid and linked so every member page can be visited, with a small network
 * four levels deep under it. (Until the payments issue lands, "paid" is set directly here.)
 */
async function seedDemo(auth: AuthService, db: Db, rootCode: string): Promise<void> {
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
  await db.execute(sql`
    update users set paid_until = now() + interval '30 days', subscription_paid_at = now(),
           bingx_uid = ${DEMO.bingxUid}
     where id = ${member.id}`);

  // Levels of 3, 2, 2 and 1 children per member: 3 + 6 + 12 + 12 = 33 referrals.
  const fanOut = [3, 2, 2, 1];
  let parents = [member.id];
  let n = 0;
  for (const children of fanOut) {
    const next: string[] = [];
    for (const parentId of parents) {
      for (let c = 0; c < children; c++) {
        n += 1;
        const firstName = FIRST_NAMES[n % FIRST_NAMES.length] ?? 'Demo';
        const lastName = LAST_NAMES[(n * 7) % LAST_NAMES.length] ?? 'Member';
        const child = await auth.createAccount({
          firstName,
          lastName,
          email: `${firstName}.${lastName}.${n}@example.com`.toLowerCase(),
          password: null,
          referrerId: parentId,
          emailVerified: true,
        });
        // A realistic mix: most paid, some linked, a few locked.
        await db.execute(sql`
          update users set
            paid_until = case when ${n % 4 !== 0} then now() + interval '20 days' else null end,
            subscription_paid_at = case when ${n % 4 !== 0} then now() - interval '10 days' else null end,
            bingx_uid = case when ${n % 3 !== 0} then ${String(30_000_000 + n)} else null end,
            status = case when ${n % 11 === 0} then 'LOCKED' else 'ACTIVE' end,
            created_at = now() - make_interval(days => ${60 - n})
          where id = ${child.id}`);
        next.push(child.id);
      }
    }
    parents = next;
  }
}
