// npm run rehearsal:usdt -- deploy --rpc-url URL --key-file FILE
// npm run rehearsal:usdt -- send --rpc-url URL --key-file FILE --token ADDRESS --to ADDRESS --amount USDT
//
// The testnet rehearsal's stand-in USDT (docs/operations.md, "Launch"): `deploy` puts the tests'
// 18-decimal TestUSDT (apps/server/test/evm/TestUSDT.sol) on a test network, minting 10^12 to
// the key's account, and prints its address for USDT_CONTRACT; `send` pays an amount of it, as
// a member's wallet would. The key is read from a file (never from the command line, where the
// shell's history and `ps` would show it). Refuses BNB Smart Chain's main network (56).
import { readFileSync } from 'node:fs';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { compileToken, ERC20_ABI } from '../test/evm/anvil';

const USAGE = [
  'usage: npm run rehearsal:usdt -- deploy --rpc-url URL --key-file FILE',
  '       npm run rehearsal:usdt -- send --rpc-url URL --key-file FILE --token ADDRESS --to ADDRESS --amount USDT',
].join('\n');
const MAINNET_CHAIN_ID = 56;

function flags(args: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (!name?.startsWith('--') || value === undefined) throw new Error(USAGE);
    found.set(name.slice(2), value);
  }
  return found;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const given = flags(rest);
  const need = (name: string) => {
    const value = given.get(name);
    if (value === undefined) throw new Error(`--${name} is missing\n${USAGE}`);
    return value;
  };
  const rpcUrl = need('rpc-url');
  const key = readFileSync(need('key-file'), 'utf8').trim() as Hex;
  const account = privateKeyToAccount(key);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ transport, cacheTime: 0 });
  const chainId = await publicClient.getChainId();
  if (chainId === MAINNET_CHAIN_ID)
    throw new Error('chain 56 is BNB Smart Chain itself: the stand-in USDT is for test networks');
  const chain = {
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const wallet = createWalletClient({ account, chain, transport });
  if (command === 'deploy') {
    const { abi, bytecode } = compileToken();
    const hash = await wallet.deployContract({
      abi,
      bytecode,
      // BSC's USDT: 18 decimals (the constructor takes the supply and the decimals).
      args: [parseUnits('1000000000000', 18), 18],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    console.log(`chain ${chainId}: TestUSDT deployed by ${account.address} in ${hash}`);
    console.log(`USDT_CONTRACT=${receipt.contractAddress}`);
    return;
  }
  if (command === 'send') {
    const hash = await wallet.writeContract({
      address: getAddress(need('token')),
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [getAddress(need('to')), parseUnits(need('amount'), 18)],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    console.log(
      `chain ${chainId}: ${need('amount')} USDT to ${need('to')} in block ${receipt.blockNumber}, ${hash}`,
    );
    return;
  }
  throw new Error(USAGE);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
