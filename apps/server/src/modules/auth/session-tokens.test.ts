import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens';

/**
 * Only a token this server signed (HS256, its key, issuer ctn), unexpired and with an expiry,
 * is a session: every other shape a forger could try is refused, not half-accepted.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123';
const tokens = new SessionTokens(SECRET, 3600);
const key = new TextEncoder().encode(SECRET);
const claims = {
  userId: '6a0c1f0e-6b1e-4c57-9a53-1b7c4c1f5e10',
  version: 3,
  sessionId: '9d4a3a52-7a64-4c3e-8f0e-2f1d5b8e6a11',
};
const now = () => Math.floor(Date.now() / 1000);

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with `alg` and the given key, claims otherwise valid. */
function forged(overrides: JWTPayload = {}) {
  return new SignJWT({ ver: claims.version, jti: claims.sessionId, ...overrides })
    .setSubject(claims.userId)
    .setIssuer('ctn')
    .setIssuedAt();
}

describe('SessionTokens', () => {
  it('accepts its own token and reads the user, version and session back', async () => {
    const token = await tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('refuses alg "none", with or without a signature part', async () => {
    const payload = b64url({ sub: claims.userId, ver: 3, iss: 'ctn', exp: now() + 600 });
    const real = (await tokens.sign(claims)).split('.')[2];
    for (const alg of ['none', 'None', 'NONE']) {
      const header = b64url({ alg, typ: 'JWT' });
      expect(tokens.verify(`${header}.${payload}.`)).toBeNull();
      expect(tokens.verify(`${header}.${payload}`)).toBeNull();
      expect(tokens.verify(`${header}.${payload}.${real}`)).toBeNull();
    }
  });

  it('refuses HS512 and HS384 tokens even when signed with the right key', async () => {
    for (const alg of ['HS512', 'HS384']) {
      const token = await forged()
        .setProtectedHeader({ alg })
        .setExpirationTime(now() + 600)
        .sign(key);
      expect(tokens.verify(token), alg).toBeNull();
    }
  });

  it('refuses RS256 tokens (a key pair the server never made)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await forged()
      .setProtectedHeader({ alg: 'RS256' })
      .setExpirationTime(now() + 600)
      .sign(privateKey);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses an HS256 token signed with another key', async () => {
    const other = new SessionTokens('another-secret-another-secret-another-0', 3600);
    expect(tokens.verify(await other.sign(claims))).toBeNull();
  });

  it('refuses an expired token', async () => {
    const token = await forged()
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 60)
      .sign(key);
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(await tokens.sign(claims, -60))).toBeNull();
  });

  it('refuses a token without exp, however valid otherwise', async () => {
    const token = await forged().setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token without sub, with another issuer, or with a non-numeric version', async () => {
    const noSub = await new SignJWT({ ver: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('ctn')
      .setExpirationTime(now() + 600)
      .sign(key);
    const otherIssuer = await forged()
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('someone-else')
      .setExpirationTime(now() + 600)
      .sign(key);
    const textVersion = await forged({ ver: '3' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now() + 600)
      .sign(key);
    for (const token of [noSub, otherIssuer, textVersion]) expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token whose payload was changed after signing, and garbage', async () => {
    const [header, , signature] = (await tokens.sign(claims)).split('.');
    const payload = b64url({ sub: claims.userId, ver: 99, iss: 'ctn', exp: now() + 600 });
    expect(tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    for (const junk of ['', 'a.b.c', '...', 'x'.repeat(10_000), '\u0000.\uD800.\u202E'])
      expect(tokens.verify(junk)).toBeNull();
  });

  it('refuses a token not valid yet (nbf), a crit header, and a re-encoded signature', async () => {
    const early = await forged({ nbf: now() + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(key);
    expect(tokens.verify(early)).toBeNull();
    const crit = await forged()
      .setProtectedHeader({ alg: 'HS256', crit: ['b64'], b64: true })
      .setExpirationTime('1h')
      .sign(key);
    expect(tokens.verify(crit)).toBeNull();
    // The same signature bytes spelled in base64 (not base64url), or with padding.
    const [header, payload, signature] = (await tokens.sign(claims)).split('.') as [
      string,
      string,
      string,
    ];
    const base64 = Buffer.from(signature, 'base64url').toString('base64');
    expect(tokens.verify(`${header}.${payload}.${base64}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature}=`)).toBeNull();
  });

  it('counts expiry on its own clock, to the second', async () => {
    let clock = Date.now();
    const timed = new SessionTokens(SECRET, 60, () => clock);
    const token = await timed.sign(claims, 60);
    clock += 59_000;
    expect(timed.verify(token)).toEqual(claims);
    clock += 2_000;
    expect(timed.verify(token)).toBeNull();
  });

  it('keeps a valid token with its expiry: refused once expired, and only that exact token kept', async () => {
    let clock = Date.now();
    const timed = new SessionTokens(SECRET, 60, () => clock);
    const token = await timed.sign(claims, 60);
    expect(timed.verify(token)).toEqual(claims);
    // One signature character changed, after the genuine token was kept: still refused.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(timed.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(timed.verify(token)).toEqual(claims);
    clock += 61_000;
    expect(timed.verify(token)).toBeNull();
    // Refused again on the next look, not revived.
    expect(timed.verify(token)).toBeNull();
  });
});
