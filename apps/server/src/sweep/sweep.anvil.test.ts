import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAvailable, startAnvil, type LocalChain } from '../../test/evm/anvil';
import { fundDeposits, sweepWithCrashAndResume } from '../../test/evm/sweep-fixture';

// The Done-when's sweep: 1,000 funded deposit addresses swept by one plan, with a dry run first,
// crashes midway and a resume (sweep.test.ts runs the same on 20 addresses in the inner loop).
describe.skipIf(!anvilAvailable())('npm run sweep over 1,000 deposit addresses', () => {
  let anvil: LocalChain;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(() => anvil?.stop());

  it('moves every USDT due exactly once across a crash and a resume', async () => {
    const funded = await fundDeposits(anvil, 1000);
    expect(funded.due.length).toBe(900);
    const account = await sweepWithCrashAndResume(anvil, funded, 700);
    expect(account.sentBy.size).toBe(900);
  }, 1_500_000);
});
