import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { DEMO } from './demo-accounts';
import { rowsOf } from '../db/client';
import {
  seedDemoEarnings,
  setDemoTrading,
  type DemoMember,
  type SeedServices,
} from './demo-earnings';

/** The demo network's UIDs are this plus the member's number (30000001, 30000002, ...). */
const DEMO_NETWORK_UID_BASE = 30_000_000;

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
  services: SeedServices,
  db: Db,
  config: Config,
): Promise<BootstrapReport> {
  const { auth } = services;
  const root = await auth.ensureRoot(config.rootReferralCode);
  let adminCreated = false;
  if (config.admin.email && config.admin.password) {
    adminCreated = await auth.ensureAdmin(
      config.admin.email,
      config.admin.password,
      config.admin.totpSecret,
    );
  } else if (config.demoMode) {
    adminCreated = await auth.ensureAdmin(
      DEMO.admin.email,
      DEMO.admin.password,
      DEMO.admin.totpSecret,
    );
  }
  if (config.demoMode)
    await seedDemo(services, db, root.code, config.admin.email ?? DEMO.admin.email);
  return {
    rootReferralCode: root.code,
    rootCreated: root.created,
    adminCreated,
    demo: config.demoMode,
  };
}

/**
 * The demo member, linked so every member page can be visited, with a small network four levels
 * deep under it; then their subscriptions are paid and reward cycles run through the real paths
 * (demo-earnings.ts), so every figure on the demo pages is explained by a payment or a cycle.
 */
async function seedDemo(
  services: SeedServices,
  db: Db,
  rootCode: string,
  adminEmail: string,
): Promise<void> {
  const { auth } = services;
  if (await auth.findByEmail(DEMO.member.email)) {
    // A restart: the simulated exchange forgot the demo network's trading; tell it again.
    if (services.peers.bingxSimulator) {
      const network = await rowsOf<{ uid: string }>(
        db,
        sql`select bingx_uid as uid from users
             where bingx_uid = ${DEMO.bingxUid}
                or (length(bingx_uid) = 8
                    and bingx_uid between ${String(DEMO_NETWORK_UID_BASE + 1)}
                                      and ${String(DEMO_NETWORK_UID_BASE + 999)})`,
      );
      setDemoTrading(
        services.peers.bingxSimulator,
        network.map((r) => r.uid),
      );
    }
    return;
  }
  const root = await auth.findByReferralCode(rootCode);
  if (!root) throw new Error('root account missing');
  const member = await services.registration.createAccount({
    firstName: DEMO.member.firstName,
    lastName: DEMO.member.lastName,
    email: DEMO.member.email,
    password: DEMO.member.password,
    referrerId: root.id,
    emailVerified: true,
    referralCode: DEMO.member.referralCode,
  });
  await db.execute(
    sql`update users set bingx_uid = ${DEMO.bingxUid}, bingx_linked_at = now() where id = ${member.id}`,
  );
  const network: DemoMember[] = [{ id: member.id, uid: DEMO.bingxUid, paid: true }];

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
        const child = await services.registration.createAccount({
          firstName,
          lastName,
          email: `${firstName}.${lastName}.${n}@example.com`.toLowerCase(),
          password: null,
          referrerId: parentId,
          emailVerified: true,
        });
        // A realistic mix: most paid, most linked, a few locked.
        const uid = n % 3 !== 0 ? String(DEMO_NETWORK_UID_BASE + n) : null;
        await db.execute(sql`
          update users set
            bingx_uid = ${uid},
            status = case when ${n % 11 === 0} then 'LOCKED' else 'ACTIVE' end,
            created_at = now() - make_interval(days => ${60 - n})
          where id = ${child.id}`);
        network.push({ id: child.id, uid, paid: n % 4 !== 0 });
        next.push(child.id);
      }
    }
    parents = next;
  }
  const admin = await auth.findByEmail(adminEmail);
  if (!admin) throw new Error('demo administrator missing');
  await seedDemoEarnings(services, db, network, { id: admin.id, email: admin.email, ip: null });
}
