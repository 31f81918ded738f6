import type { UserStatus } from '@ctn/contracts/constants';
import type {
  ReferralHistoryResponse,
  ReferralTreeChildrenResponse,
  ReferralTreeNode,
  ReferralTreeResponse,
} from '@ctn/contracts/referrals';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { call, type TestApp } from '../../../test/test-app';

/** Test networks, built through the real registration path (`createAccount`) and fast. */

export interface MemberSpec {
  /** Index of the referrer in [viewer, ...members]: 0 is the viewer, i is members[i - 1]. */
  parent: number;
  status?: UserStatus;
  linked?: boolean;
  paid?: boolean;
  /** Join time in minutes after a fixed origin; equal values test the tie-break by id. */
  joinedAt?: number;
  firstName?: string;
  lastName?: string;
}

export interface BuiltMember extends Required<Omit<MemberSpec, 'firstName' | 'lastName'>> {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Levels below the viewer (1 = referred by the viewer). */
  level: number;
}

export interface BuiltNetwork {
  viewer: { id: string; token: string; referralCode: string; email: string };
  members: BuiltMember[];
}

let counter = 0;
const ORIGIN = Date.UTC(2025, 0, 1);

/** A signed session for any member, without a password (network members have none). */
export function tokenFor(t: TestApp, userId: string): Promise<string> {
  return t.services.security.open(
    t.database.db,
    { id: userId, tokenVersion: 0 },
    { ip: null, userAgent: 'referrals fixture' },
    3600,
  );
}

/**
 * A fresh viewer (under `referrerId`, by default the root) with `specs` below it. Registration
 * writes the closure table; statuses, links, payments and join times are then set with one
 * UPDATE (the triggers carry them to the paths).
 */
export async function buildNetwork(
  t: TestApp,
  specs: readonly MemberSpec[],
  options: { referrerId?: string; label?: string } = {},
): Promise<BuiltNetwork> {
  const auth = t.services.auth;
  const referrerId = options.referrerId ?? (await auth.findByReferralCode(t.rootCode))!.id;
  const label = options.label ?? 'net';
  counter += 1;
  const run = `${label}${counter}.${Date.now().toString(36)}`;
  const viewer = await t.services.registration.createAccount({
    firstName: 'Viewer',
    lastName: `Number${counter}`,
    email: `viewer.${run}@example.com`,
    password: null,
    referrerId,
    emailVerified: true,
  });
  const ids = [viewer.id];
  const levels = [0];
  const members: BuiltMember[] = [];
  for (const [i, spec] of specs.entries()) {
    const parentId = ids[spec.parent];
    const parentLevel = levels[spec.parent];
    if (parentId === undefined || parentLevel === undefined)
      throw new Error(`member ${i + 1}: parent ${spec.parent} does not exist yet`);
    const firstName = spec.firstName ?? `First${i + 1}`;
    const lastName = spec.lastName ?? `Last${i + 1}`;
    const email = `m${i + 1}.${run}@example.com`;
    const row = await t.services.registration.createAccount({
      firstName,
      lastName,
      email,
      password: null,
      referrerId: parentId,
      emailVerified: true,
    });
    ids.push(row.id);
    levels.push(parentLevel + 1);
    members.push({
      id: row.id,
      email,
      firstName,
      lastName,
      parent: spec.parent,
      level: parentLevel + 1,
      status: spec.status ?? 'ACTIVE',
      linked: spec.linked ?? false,
      paid: spec.paid ?? false,
      joinedAt: spec.joinedAt ?? i,
    });
  }
  if (members.length > 0) {
    const rows = members.map((m) => ({
      id: m.id,
      status: m.status,
      uid: m.linked ? `uid-${m.id}` : null,
      paidUntil: m.paid ? '2999-01-01T00:00:00Z' : m.joinedAt % 2 ? '2000-01-01T00:00:00Z' : null,
      joinedAt: new Date(ORIGIN + m.joinedAt * 60_000).toISOString(),
    }));
    await t.database.db.execute(sql`
      update users u set status = v.status, bingx_uid = v.uid,
             paid_until = v.paid_until::timestamptz,
             subscription_paid_at = case when v.paid_until is null then null
                                         else v.joined_at::timestamptz end,
             created_at = v.joined_at::timestamptz
        from json_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, status: r.status, uid: r.uid, paid_until: r.paidUntil, joined_at: r.joinedAt })))}::json)
             as v(id uuid, status text, uid text, paid_until text, joined_at text)
       where u.id = v.id`);
  }
  return {
    viewer: {
      id: viewer.id,
      token: await tokenFor(t, viewer.id),
      referralCode: viewer.referralCode,
      email: viewer.email,
    },
    members,
  };
}

/** Every user's referrer, straight from `users` (the oracle's input). */
export async function referrers(t: TestApp): Promise<Map<string, string | null>> {
  const rows = await rowsOf<{ id: string; referred_by: string | null }>(
    t.database.db,
    sql`select id, referred_by from users`,
  );
  return new Map(rows.map((r) => [r.id, r.referred_by]));
}

/** The closure rows of the given members, as `descendant>ancestor@depth` strings, sorted. */
export async function closureOf(t: TestApp, memberIds: readonly string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await rowsOf<{ ancestor: string; descendant: string; depth: number }>(
    t.database.db,
    sql`select ancestor, descendant, depth::int as depth from referral_paths
         where descendant in (${sql.join(
           memberIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  return rows.map((r) => `${r.descendant}>${r.ancestor}@${r.depth}`).sort();
}

/** The oracle: walk `referred_by` upwards from each member, at most 15 steps. */
export function naiveClosure(
  parents: ReadonlyMap<string, string | null>,
  memberIds: readonly string[],
): string[] {
  const out: string[] = [];
  for (const id of memberIds) {
    let current = parents.get(id) ?? null;
    for (let depth = 1; current !== null && depth <= 15; depth++) {
      out.push(`${id}>${current}@${depth}`);
      current = parents.get(current) ?? null;
    }
  }
  return out.sort();
}

/** The two member calls of the referral pages, as `token` sees them (`app()`: the file's app). */
export function referralCalls(app: () => TestApp) {
  return {
    tree: (token: string, query = '') =>
      call<ReferralTreeResponse>(app().app, 'GET', `/api/users/referral-tree${query}`, { token }),
    children: (token: string, query: string) =>
      call<ReferralTreeChildrenResponse>(app().app, 'GET', `/api/users/referral-tree${query}`, {
        token,
      }),
    history: (token: string, query = '') =>
      call<ReferralHistoryResponse>(app().app, 'GET', `/api/users/referrals/history${query}`, {
        token,
      }),
  };
}

export const flatten = (nodes: ReferralTreeNode[]): ReferralTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** viewer -> A (linked, paid) -> A1 (locked) -> A1a; viewer -> B (disabled) */
export const SMALL: MemberSpec[] = [
  { parent: 0, linked: true, paid: true, firstName: 'Alice', lastName: 'Anders' },
  { parent: 1, status: 'LOCKED', firstName: 'Bob', lastName: 'Brown' },
  { parent: 2, linked: true, firstName: 'Carol', lastName: 'Clark' },
  { parent: 0, status: 'DISABLED', paid: true, firstName: 'Dan', lastName: 'Dorsey' },
];
