import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hex } from 'viem';
import { MULTICALL3_ADDRESS } from '../../src/integrations/chain/balance-scanner';
import type { LocalChain } from './anvil';

/**
 * Multicall3 on anvil, which lacks it: its published creation code (the one viem ships for
 * deployless multicalls, read from viem's files since viem does not export it) is deployed, and
 * the runtime code it leaves is set at Multicall3's canonical address, as on BNB Smart Chain.
 */
function multicall3CreationCode(): Hex {
  const require = createRequire(import.meta.url);
  const viemRoot = dirname(require.resolve('viem/package.json'));
  const source = readFileSync(join(viemRoot, '_esm/constants/contracts.js'), 'utf8');
  const match = /multicall3Bytecode = '(0x[0-9a-f]+)'/.exec(source);
  if (!match) throw new Error("Multicall3's creation code was not found in viem");
  return match[1] as Hex;
}

export async function deployMulticall3(chain: LocalChain): Promise<void> {
  const hash = await chain.wallet.sendTransaction({
    data: multicall3CreationCode(),
    account: chain.wallet.account!,
    chain: chain.wallet.chain,
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  const runtime = await chain.publicClient.getCode({ address: receipt.contractAddress! });
  if (!runtime) throw new Error('Multicall3 left no code');
  await chain.testClient.setCode({ address: MULTICALL3_ADDRESS, bytecode: runtime });
}
