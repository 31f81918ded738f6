// npm run bench:treasury [-- --addresses 100000 --funded 1000]
//
// The treasury's scan of deposit addresses (decision 046) against anvil with an 18-decimal test
// token: `--funded` of the addresses hold 1 USDT each (written straight into the token's
// balance slots), the rest none, which costs a node the same to read. Measured in one run:
// - reference: one plain eth_call balanceOf per address, 4 in flight, unpaced (on the first
//   2,000 addresses, scaled to all): what reading without batching costs;
// - Multicall3 (`aggregate3`, its published code set at 0xcA11…CA11), unpaced, then at the default
//   budget of 10 requests a second;
// - JSON-RPC batches of eth_call, unpaced (at 10 calls a second it would take addresses / 10 s).
// Each scan checks its total against what was funded.
import { parseArgs } from 'node:util';
import { encodeFunctionData, getAddress, keccak256, numberToHex, pad, parseAbi } from 'viem';
import { BalanceScanner, type ScanMethod } from '../src/integrations/chain/balance-scanner';
import { startAnvil } from '../test/evm/anvil';
import { deployMulticall3 } from '../test/evm/multicall3';

const { values } = parseArgs({
  options: {
    addresses: { type: 'string', default: '100000' },
    funded: { type: 'string', default: '1000' },
  },
});
const COUNT = Number(values.addresses);
const FUNDED = Math.min(Number(values.funded), COUNT);
const REFERENCE_SAMPLE = Math.min(2_000, COUNT);
const USDT = 10n ** 18n;
/** TestUSDT's storage: totalSupply in slot 0, the balanceOf mapping in slot 1. */
const BALANCE_SLOT = 1n;

function addressAt(i: number): `0x${string}` {
  return getAddress(`0x${keccak256(numberToHex(i + 1, { size: 32 })).slice(26)}`);
}

async function main(): Promise<void> {
  const anvil = await startAnvil();
  try {
    const addresses = Array.from({ length: COUNT }, (_, i) => addressAt(i).toLowerCase());
    for (let i = 0; i < FUNDED; i++) {
      const slot = keccak256(
        `0x${pad(addresses[i] as `0x${string}`).slice(2)}${numberToHex(BALANCE_SLOT, { size: 32 }).slice(2)}`,
      );
      await anvil.testClient.setStorageAt({
        address: anvil.usdt,
        index: slot,
        value: numberToHex(USDT, { size: 32 }),
      });
    }
    const expected = BigInt(FUNDED) * 1_000_000n;
    const scanner = (requestsPerSecond: number) =>
      new BalanceScanner({
        rpcUrl: anvil.rpcUrl,
        usdtContract: anvil.usdt,
        tokenDecimals: anvil.tokenDecimals,
        requestsPerSecond,
        concurrency: 4,
        batchSize: 500,
      });

    // Reference: one eth_call per address.
    const data = (a: string) =>
      encodeFunctionData({
        abi: parseAbi(['function balanceOf(address) view returns (uint256)']),
        functionName: 'balanceOf',
        args: [getAddress(a)],
      });
    let next = 0;
    let id = 0;
    const referenceStart = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < REFERENCE_SAMPLE) {
          const a = addresses[next++]!;
          const response = await fetch(anvil.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: id++,
              method: 'eth_call',
              params: [{ to: anvil.usdt, data: data(a) }, 'latest'],
            }),
          });
          await response.json();
        }
      }),
    );
    const referenceSeconds =
      ((performance.now() - referenceStart) / 1000) * (COUNT / REFERENCE_SAMPLE);

    const rows: { name: string; seconds: number; requests: number }[] = [];
    const measure = async (name: string, method: ScanMethod, perSecond: number) => {
      const s = scanner(perSecond);
      let total = 0n;
      let read = 0;
      const start = performance.now();
      await s.scan(addresses, method, async (balances) => {
        for (const b of balances) total += b.micro;
        read += balances.length;
      });
      const seconds = (performance.now() - start) / 1000;
      if (read !== COUNT || total !== expected)
        throw new Error(`${name}: read ${read} of ${COUNT}, total ${total} of ${expected}`);
      rows.push({ name, seconds, requests: s.requests });
    };
    await measure('JSON-RPC batches of 500, unpaced', 'batch', 1_000_000);
    await deployMulticall3(anvil);
    if ((await scanner(100).method()) !== 'multicall') throw new Error('Multicall3 not found');
    await measure('Multicall3 aggregate3 of 500, unpaced', 'multicall', 1_000_000);
    await measure('Multicall3 aggregate3 of 500, 10 requests/s', 'multicall', 10);

    console.log(`\n${COUNT.toLocaleString('en-US')} addresses, ${FUNDED} funded, anvil\n`);
    console.log('| Scan | Time | Requests (calls) | vs reference |');
    console.log('|---|---|---|---|');
    console.log(
      `| reference: one eth_call per address, 4 in flight, unpaced (${REFERENCE_SAMPLE.toLocaleString('en-US')} measured, scaled) | ${referenceSeconds.toFixed(1)} s | ${COUNT.toLocaleString('en-US')} | 1.00x |`,
    );
    for (const r of rows)
      console.log(
        `| ${r.name} | ${r.seconds.toFixed(1)} s | ${r.requests.toLocaleString('en-US')} | ${(r.seconds / referenceSeconds).toFixed(2)}x |`,
      );
    console.log(
      `\nAt 10 requests a second, JSON-RPC batches would need ${(COUNT / 10 / 60).toFixed(0)} minutes (each call in a batch counts).`,
    );
  } finally {
    await anvil.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
