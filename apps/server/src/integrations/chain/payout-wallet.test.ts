import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { USDT_BEP20_MAINNET } from '@ctn/contracts/constants';
import { numberToHex, padHex, toEventSelector } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatToken, PayoutChain } from './payout-wallet';

/**
 * The transfer checker and the broadcast classification against a minimal JSON-RPC node that
 * serves made-up receipts (the real thing runs on anvil in payouts.anvil.test.ts).
 */

const TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const MEMBER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const FAKE_TOKEN = '0x1111111111111111111111111111111111111111';
const UNITS = 10n ** 12n;
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const topic = (address: string) => padHex(address.toLowerCase() as `0x${string}`, { size: 32 });

function transferLog(token: string, to: string, value: bigint) {
  return {
    address: token.toLowerCase(),
    topics: [TRANSFER, topic('0x00000000000000000000000000000000000000aa'), topic(to)],
    data: padHex(numberToHex(value), { size: 32 }),
  };
}

/** hash -> receipt (status and logs); anything else has no receipt. */
const receipts = new Map<string, { status: '0x1' | '0x0'; logs: ReturnType<typeof transferLog>[] }>(
  [
    [
      hashOf(1),
      { status: '0x1', logs: [transferLog(USDT_BEP20_MAINNET, MEMBER, 10_000_000n * UNITS)] },
    ],
    [
      hashOf(2),
      { status: '0x1', logs: [transferLog(USDT_BEP20_MAINNET, MEMBER, 12_500_000n * UNITS)] },
    ],
    [
      hashOf(3),
      { status: '0x1', logs: [transferLog(USDT_BEP20_MAINNET, OTHER, 10_000_000n * UNITS)] },
    ],
    [hashOf(4), { status: '0x1', logs: [transferLog(FAKE_TOKEN, MEMBER, 10_000_000n * UNITS)] }],
    [hashOf(5), { status: '0x0', logs: [] }],
    [hashOf(6), { status: '0x1', logs: [] }],
  ],
);

function receiptJson(hash: string) {
  const r = receipts.get(hash);
  if (!r) return null;
  const block = {
    blockHash: hashOf(99),
    blockNumber: '0x10',
    transactionHash: hash,
    transactionIndex: '0x0',
  };
  return {
    ...block,
    from: '0x00000000000000000000000000000000000000aa',
    to: USDT_BEP20_MAINNET.toLowerCase(),
    contractAddress: null,
    cumulativeGasUsed: '0x5208',
    gasUsed: '0x5208',
    effectiveGasPrice: '0x1',
    logsBloom: `0x${'0'.repeat(512)}`,
    status: r.status,
    type: '0x0',
    logs: r.logs.map((log, i) => ({ ...log, ...block, logIndex: numberToHex(i), removed: false })),
  };
}

describe('checking a pasted hash and broadcasting (JSON-RPC)', () => {
  let server: Server;
  let chain: PayoutChain;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { id, method, params } = JSON.parse(body) as {
          id: number;
          method: string;
          params: string[];
        };
        const answer =
          method === 'eth_getTransactionReceipt'
            ? { result: receiptJson(params[0]!) }
            : method === 'eth_sendRawTransaction'
              ? { error: { code: -32000, message: 'insufficient funds for gas * price + value' } }
              : { error: { code: -32601, message: 'method not found' } };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, ...answer }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    chain = new PayoutChain({
      rpcUrl: `http://127.0.0.1:${port}`,
      usdtContract: USDT_BEP20_MAINNET,
      tokenDecimals: 18,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (n: number, to = MEMBER, micro = 10_000_000n) =>
    chain.checkTransfer(hashOf(n), to, micro);

  it('VERIFIED only for a USDT transfer of exactly the amount to the address', async () => {
    expect(await check(1)).toEqual({
      state: 'VERIFIED',
      detail: 'Transfer of 10.00 USDT to 0x5aAe…eAed.',
    });
    // The address given in lower case is the same address.
    expect((await check(1, MEMBER.toLowerCase())).state).toBe('VERIFIED');
  });

  it('MISMATCH says what was found and what was expected', async () => {
    expect(await check(2)).toEqual({
      state: 'MISMATCH',
      detail: 'Transfer of 12.50 USDT to 0x5aAe…eAed (expected 10.00 USDT to 0x5aAe…eAed).',
    });
    expect(await check(3)).toEqual({
      state: 'MISMATCH',
      detail: 'Transfer of 10.00 USDT to 0xfB69…d359 (expected 10.00 USDT to 0x5aAe…eAed).',
    });
    expect((await check(4)).detail).toMatch(
      /^A transfer of another token \(0x1111…1111\), not USDT/,
    );
    expect((await check(5)).detail).toMatch(/^The transaction failed on chain/);
    expect((await check(6)).detail).toMatch(/^The transaction holds no USDT transfer/);
    expect([(await check(4)).state, (await check(5)).state, (await check(6)).state]).toEqual([
      'MISMATCH',
      'MISMATCH',
      'MISMATCH',
    ]);
  });

  it('NOT_FOUND without a receipt, UNAVAILABLE when the node cannot be reached', async () => {
    expect((await check(7)).state).toBe('NOT_FOUND');
    const down = new PayoutChain({
      rpcUrl: 'http://127.0.0.1:9',
      usdtContract: USDT_BEP20_MAINNET,
      tokenDecimals: 18,
    });
    expect((await down.checkTransfer(hashOf(1), MEMBER, 10_000_000n)).state).toBe('UNAVAILABLE');
  });

  it('tells a refusal by the node from a broadcast that got no answer', async () => {
    expect(await chain.broadcast('0x01')).toMatchObject({
      kind: 'REJECTED',
      message: expect.stringContaining('insufficient funds'),
    });
    const down = new PayoutChain({
      rpcUrl: 'http://127.0.0.1:9',
      usdtContract: USDT_BEP20_MAINNET,
      tokenDecimals: 18,
    });
    expect((await down.broadcast('0x01')).kind).toBe('UNKNOWN');
  });

  it('formats token amounts of their decimals exactly, with at least two decimals', () => {
    expect(formatToken(12_500_000n * UNITS, 18)).toBe('12.50');
    expect(formatToken(10n ** 18n, 18)).toBe('1.00');
    expect(formatToken(1_234_567n * UNITS, 18)).toBe('1.234567');
    expect(formatToken(1n, 18)).toBe('0.000000000000000001');
    expect(formatToken(12_500_000n, 6)).toBe('12.50');
  });
});
