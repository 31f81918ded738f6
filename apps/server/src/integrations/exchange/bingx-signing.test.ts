import { describe, expect, it } from 'vitest';
import { canonicalQuery, signedQueryString, signQuery } from './bingx-signing';
import { parseJsonExact } from './exact-json';

// Expected signatures computed independently with
// printf '%s' '<query>' | openssl dgst -sha256 -hmac 'mock-secret-0123456789'
const SECRET = 'mock-secret-0123456789';

describe('BingX signing', () => {
  it('sorts parameters by key, leaves them unencoded, and signs with hex HMAC-SHA256', () => {
    const params = { uid: '12345678', timestamp: 1700000000000, recvWindow: 5000 };
    expect(canonicalQuery(params)).toBe('recvWindow=5000&timestamp=1700000000000&uid=12345678');
    expect(signQuery(canonicalQuery(params), SECRET)).toBe(
      '60ee2a2adb62f23c0b901167d6cd55e7e63a8348f5c86e55caa926de001bf007',
    );
    expect(signedQueryString(params, SECRET)).toBe(
      'recvWindow=5000&timestamp=1700000000000&uid=12345678&signature=60ee2a2adb62f23c0b901167d6cd55e7e63a8348f5c86e55caa926de001bf007',
    );
  });

  it('signs a commission query the same way', () => {
    const params = {
      startTime: '20261022',
      endTime: '20261120',
      pageIndex: 1,
      pageSize: 100,
      timestamp: 1795000000000,
      recvWindow: 5000,
    };
    expect(signedQueryString(params, SECRET)).toBe(
      'endTime=20261120&pageIndex=1&pageSize=100&recvWindow=5000&startTime=20261022&timestamp=1795000000000&signature=b5d1bcb4157b8f5a4a6ac01961966a42bdedc071eea813541a963631c07743f6',
    );
  });

  it('refuses values that would change what is signed', () => {
    expect(() => canonicalQuery({ uid: '1&admin=1' })).toThrow(/unsafe/);
    expect(() => canonicalQuery({ uid: '1 2' })).toThrow(/unsafe/);
  });
});

describe('exact JSON', () => {
  it('keeps integers beyond 2^53 exact as strings and leaves everything else alone', () => {
    const text =
      '{"code":0,"data":{"uid":1234567890123456789,"small":42,"neg":-9007199254740993,"f":1.5,"e":1e21,"s":"12345678901234567890 in a string \\"quoted\\"","arr":[9007199254740993,1]}}';
    expect(parseJsonExact(text)).toEqual({
      code: 0,
      data: {
        uid: '1234567890123456789',
        small: 42,
        neg: '-9007199254740993',
        f: 1.5,
        e: 1e21,
        s: '12345678901234567890 in a string "quoted"',
        arr: ['9007199254740993', 1],
      },
    });
  });
});
