import { verifyInclusion } from '@ctn/contracts/merkle-sum';
import type { CycleRoot, InclusionProof, ProofBuild } from '@ctn/contracts/proof';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  usingPostgres,
  type TestApp,
} from '../../../test/test-app';
import { sha256Hex } from './proof.service';

/**
 * At most one proof build at a time (really in parallel on PostgreSQL), and the root of a
 * completed reward cycle's lines with each credited member's path (docs/decisions/048).
 */
let t: TestApp;
let admin: { token: string };
let top: Awaited<ReturnType<typeof signedInMember>> & { user: { userId: string } };
let child: Awaited<ReturnType<typeof signedInMember>>;
// Holds a build after it read the balances, until the test lets it go.
let holdBuild: Promise<void> | null = null;

beforeAll(async () => {
  t = await createTestApp({}, { proofFaults: { afterRead: async () => void (await holdBuild) } });
  admin = await signedInAdmin(t);
  top = (await signedInMember(t)) as typeof top;
  child = await signedInMember(t, { referredByCode: top.user.referralCode });
  await t.database.db.execute(sql`
    update users set bingx_uid = case when email = ${top.email} then '7300001' else '7300002' end,
                     paid_until = now() + interval '10 days'
     where email in (${top.email}, ${child.email})`);
}, 60_000);
afterAll(() => t.close());

const build = () =>
  call<ProofBuild>(t.app, 'POST', '/api/admin/proof/build', { token: admin.token, body: {} });
const builds = async () =>
  (
    await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from merkle_trees where kind = 'LIABILITIES'`,
    )
  )[0]!.n;

describe('one proof build at a time', () => {
  // PGlite has one connection: two builds there take turns and cannot overlap at all.
  it.runIf(usingPostgres())(
    'a build asked for while another runs is refused, and only one is stored',
    async () => {
      const before = await builds();
      let release = () => undefined as void;
      holdBuild = new Promise<void>((resolve) => (release = resolve));
      const first = build();
      // The first holds the lock (it has read the balances) before the others start.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const others = await Promise.all([build(), build()]);
      expect(others.map((a) => [a.status, a.body.errorCode])).toEqual([
        [409, 'PROOF_BUILD_IN_PROGRESS'],
        [409, 'PROOF_BUILD_IN_PROGRESS'],
      ]);
      release();
      expect((await first).status).toBe(200);
      holdBuild = null;
      expect(await builds()).toBe(before + 1);
      // A proof built today already: the daily job leaves it be.
      expect((await build()).status).toBe(200);
      expect(await t.services.proof.buildDaily()).toBe(false);
    },
  );
});

describe("a completed reward cycle's root", () => {
  it("is published with the cycle's total, and each credited member's line verifies", async () => {
    const draft = await call<{ _id: string }>(t.app, 'POST', '/api/rewards/admin/cycles/preview', {
      token: admin.token,
      body: {
        source: 'CSV',
        csv: '7300002,50',
        periodStart: '2026-07-01',
        periodEnd: '2026-07-07',
      },
    });
    await call(t.app, 'POST', `/api/rewards/admin/cycles/${draft.body.data!._id}/run`, {
      token: admin.token,
      body: {},
    });
    await t.services.cycles.settled();
    const [cycle] = await rowsOf<{ number: number; paid: string }>(
      t.database.db,
      sql`select number, total_paid_micro::text as paid from reward_cycles
           where id = ${draft.body.data!._id} and status = 'COMPLETED'`,
    );
    const url = `/api/proof/cycles/${cycle!.number}`;
    expect((await call(t.app, 'GET', url)).body.data).toBeNull();
    expect(await t.services.proof.publishCycleRoots()).toBe(1);
    expect(await t.services.proof.publishCycleRoots()).toBe(0);

    const root = (await call<CycleRoot>(t.app, 'GET', url)).body.data!;
    expect(root).toMatchObject({ totalMicroUsdt: cycle!.paid, leafCount: 1 });
    expect(BigInt(root.totalMicroUsdt)).toBeGreaterThan(0n);
    const mine = `/api/users/proof/cycles/${cycle!.number}`;
    const proof = (await call<InclusionProof>(t.app, 'GET', mine, { token: top.token })).body.data!;
    expect(proof.root).toBe(root.root);
    expect(proof.leaf.balanceMicroUsdt).toBe(cycle!.paid);
    expect((await verifyInclusion(proof, top.user.userId, sha256Hex, root.totalMicroUsdt)).ok).toBe(
      true,
    );
    // The trading member was credited nothing by it: no line, no proof.
    expect((await call(t.app, 'GET', mine, { token: child.token })).body.data).toBeNull();
  });
});
