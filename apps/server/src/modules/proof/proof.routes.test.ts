import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { verifyInclusion } from '@ctn/contracts/merkle-sum';
import type { InclusionProof, ProofBuild, ProofLatest } from '@ctn/contracts/proof';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { postEntry } from '../ledger/ledger.service';
import {
  call,
  createTestApp,
  signedInAdmin,
  signedInMember,
  type TestApp,
} from '../../../test/test-app';
import { sha256Hex } from './proof.service';

/**
 * The proof of liabilities over HTTP (docs/decisions/048): an administrator's build (audited),
 * the public root that tells nothing of any member, and each member's own leaf and path, which
 * verifies to that root with the rule of docs/proof.md, the docs' own script included.
 */
let t: TestApp;
let admin: { token: string };
type Member = Awaited<ReturnType<typeof signedInMember>> & { user: { userId: string } };
let alice: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  alice = (await signedInMember(t)) as Member;
  bob = (await signedInMember(t)) as Member;
  await t.database.db.transaction(async (tx) => {
    // Alice: 12.5 available, 3 locked, 4 held by a withdrawal (moved available -> pending).
    await postEntry(tx, {
      userId: alice.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: 'proof-test-1',
      delta: { available: 16_500_000n, earned: 16_500_000n },
    });
    await postEntry(tx, {
      userId: alice.user._id,
      kind: 'REWARD_DOWNLINE',
      sourceKey: 'proof-test-2',
      delta: { locked: 3_000_000n, earned: 3_000_000n },
    });
    await postEntry(tx, {
      userId: alice.user._id,
      kind: 'WITHDRAWAL_HOLD',
      sourceKey: 'proof-test-3',
      delta: { available: -4_000_000n, pending: 4_000_000n },
    });
    await postEntry(tx, {
      userId: bob.user._id,
      kind: 'REWARD_DIRECT',
      sourceKey: 'proof-test-4',
      delta: { available: 777_001n, earned: 777_001n },
    });
  });
}, 60_000);
afterAll(() => t.close());

const latest = () => call<ProofLatest | null>(t.app, 'GET', '/api/proof/latest');
const memberProof = (token: string, url = '/api/users/proof') =>
  call<InclusionProof | null>(t.app, 'GET', url, { token });
const build = (token: string) =>
  call<ProofBuild>(t.app, 'POST', '/api/admin/proof/build', { token, body: {} });

describe('the proof of liabilities', () => {
  it('before the first build: no root, and no proof for a member', async () => {
    expect((await latest()).body.data).toBeNull();
    expect((await memberProof(alice.token)).body.data).toBeNull();
  });

  it('only administrators build one; the build is audited', async () => {
    expect((await build(alice.token)).status).toBe(403);
    const answer = await build(admin.token);
    expect(answer.status).toBe(200);
    // Alice owes 12.5 + 3 + 4 = 19.5 (available, locked and pending); Bob 0.777001.
    expect(answer.body.data).toMatchObject({ totalMicroUsdt: '20277001', leafCount: 2 });
    const [entry] = await rowsOf<{ after: { root: string } }>(
      t.database.db,
      sql`select after from audit_log where action = 'PROOF_BUILT'`,
    );
    expect(entry?.after.root).toBe(answer.body.data!.root);
  });

  it('the public root carries the total, count, time and holdings, and nothing of a member', async () => {
    const answer = await latest();
    expect(Object.keys(answer.body.data!).sort()).toEqual(
      ['builtAt', 'holdings', 'leafCount', 'root', 'totalMicroUsdt'].sort(),
    );
    expect(answer.body.data).toMatchObject({ totalMicroUsdt: '20277001', holdings: null });
    const history = await call(t.app, 'GET', '/api/proof/history');
    for (const text of [JSON.stringify(answer.body), JSON.stringify(history.body)])
      for (const secret of [
        alice.user._id,
        alice.user.userId,
        alice.email,
        bob.user.userId,
        '19500000',
        '777001',
      ])
        expect(text).not.toContain(secret);
  });

  it("each member's leaf and path verify to the published root and total", async () => {
    const { root, totalMicroUsdt } = (await latest()).body.data!;
    for (const [member, balance] of [
      [alice, '19500000'],
      [bob, '777001'],
    ] as const) {
      const proof = (await memberProof(member.token)).body.data!;
      expect(proof.root).toBe(root);
      expect(proof.leaf.balanceMicroUsdt).toBe(balance);
      const checked = await verifyInclusion(proof, member.user.userId, sha256Hex, totalMicroUsdt);
      expect(checked.ok).toBe(true);
    }
  });

  it("no parameter reaches another member's leaf: the session's member is the only one", async () => {
    const own = (await memberProof(alice.token)).body.data!;
    const bobs = (await memberProof(bob.token)).body.data!;
    for (const url of [
      `/api/users/proof?userId=${bob.user.userId}`,
      `/api/users/proof?user=${bob.user._id}&id=${bob.user._id}&memberId=${bob.user._id}`,
    ])
      expect((await memberProof(alice.token, url)).body.data!.leaf).toEqual(own.leaf);
    expect(own.leaf.hash).not.toBe(bobs.leaf.hash);
    expect((await memberProof(alice.token, `/api/users/proof/${bob.user._id}`)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/users/proof')).status).toBe(401);
  });

  it('a new build gives every member a fresh salt and a new root', async () => {
    const before = (await memberProof(alice.token)).body.data!;
    await build(admin.token);
    const after = (await memberProof(alice.token)).body.data!;
    expect(after.leaf.salt).not.toBe(before.leaf.salt);
    expect(after.root).not.toBe(before.root);
    const history = await call<{ builds: ProofBuild[] }>(t.app, 'GET', '/api/proof/history');
    expect(history.body.data!.builds.map((b) => b.root)).toEqual([after.root, before.root]);
  });

  it("the script in docs/proof.md verifies a member's saved proof, and refuses a changed one", async () => {
    const markdown = await readFile(
      new URL('../../../../../docs/proof.md', import.meta.url),
      'utf8',
    );
    const script = /```js\n([\s\S]*?)```/.exec(markdown)![1]!;
    const dir = await mkdtemp(join(tmpdir(), 'proof-doc-'));
    await writeFile(join(dir, 'verify-proof.mjs'), script);
    const saved = await memberProof(alice.token);
    const { root } = (await latest()).body.data!;
    await writeFile(join(dir, 'proof.json'), JSON.stringify(saved.body));
    const run = (file: string) =>
      promisify(execFile)(process.execPath, ['verify-proof.mjs', file, alice.user.userId, root], {
        cwd: dir,
      });
    const { stdout } = await run('proof.json');
    expect(stdout).toContain(`Verified: 19500000 micro-USDT is included in root ${root}`);

    const changed = structuredClone(saved.body.data!);
    changed.leaf.balanceMicroUsdt = '29500000';
    await writeFile(join(dir, 'changed.json'), JSON.stringify(changed));
    await expect(run('changed.json')).rejects.toThrow(/the leaf is not your salt/);
  });

  it('the daily job builds once per UTC day with the same code, unaudited', async () => {
    const audited = async () =>
      (
        await rowsOf<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from audit_log where action = 'PROOF_BUILT'`,
        )
      )[0]!.n;
    const before = await audited();
    expect(await t.services.proof.buildDaily()).toBe(false);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await t.services.proof.buildDaily(tomorrow)).toBe(true);
    expect(await t.services.proof.buildDaily(tomorrow)).toBe(false);
    expect((await latest()).body.data).toMatchObject({
      builtAt: tomorrow.toISOString(),
      totalMicroUsdt: '20277001',
    });
    expect(await audited()).toBe(before);
  });
});
