import { describe, expect, it } from 'vitest';
import { faultKind, isRangeLimitError, isUnsupportedTagError } from './rpc-errors';

/** A node's JSON-RPC error as viem wraps it: the node's words in `details`, the request echoed. */
const rpc = (code: number, details: string, body = '{"method":"eth_getLogs"}') =>
  Object.assign(new Error(`RPC Request failed.\nRequest body: ${body}`), {
    shortMessage: 'RPC Request failed.',
    details,
    cause: { code, message: details },
  });
const http = (status: number) =>
  Object.assign(new Error('HTTP request failed.'), {
    shortMessage: 'HTTP request failed.',
    status,
  });

describe("a provider's range limits", () => {
  it.each([
    [-32005, 'query returned more than 10000 results'],
    [
      -32602,
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range',
    ],
    [-32000, 'exceed maximum block range: 5000'],
    [-32600, 'block range is too wide'],
    [-32614, 'eth_getLogs is limited to a 10,000 range'],
    [-32000, 'Block range limit exceeded.'],
  ])('recognises %i "%s"', (code, details) => {
    expect(isRangeLimitError(rpc(code, details))).toBe(true);
    expect(faultKind(rpc(code, details))).toBe('range_limit');
  });
  it('a rate limit or a plain failure is not a range limit', () => {
    expect(isRangeLimitError(http(429))).toBe(false);
    expect(isRangeLimitError(rpc(-32000, 'header not found'))).toBe(false);
  });
});

describe('the finalized tag', () => {
  it.each([
    [-32602, 'invalid argument 0: hex string without 0x prefix'],
    [-39001, 'unknown block'],
    [-32000, 'finalized block not found'],
    [-32602, 'unsupported block tag'],
  ])('is unsupported on %i "%s"', (code, details) => {
    expect(isUnsupportedTagError(rpc(code, details, '{"params":["finalized",false]}'))).toBe(true);
  });
  it('a timeout, a 429 or a node error that merely echoes the request says nothing about it', () => {
    expect(isUnsupportedTagError(http(429))).toBe(false);
    expect(
      isUnsupportedTagError(
        Object.assign(new Error('The request took too long to respond.'), { name: 'TimeoutError' }),
      ),
    ).toBe(false);
    expect(
      isUnsupportedTagError(
        rpc(-32000, 'internal error: header not found', '{"params":["finalized",false]}'),
      ),
    ).toBe(false);
  });
});

describe('fault kinds for logs and metrics', () => {
  it('names each', () => {
    expect(faultKind(http(429))).toBe('rate_limited');
    expect(
      faultKind(
        Object.assign(new Error('x'), {
          name: 'TimeoutError',
          shortMessage: 'The request timed out.',
        }),
      ),
    ).toBe('timeout');
    expect(faultKind(new Error('malformed log from the node: topics'))).toBe('malformed_log');
    expect(faultKind(rpc(-32000, 'internal error'))).toBe('rpc_error');
  });
});
