import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'ctn';

export interface SessionClaims {
  userId: string;
  /** users.token_version when the token was issued; a mismatch means the session has ended. */
  version: number;
}

/** Bearer tokens: HS256 pinned on both signing and checking, expiry always checked. */
export class SessionTokens {
  /** Imported once: jose would import raw key bytes again on every call (each request). */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /** `ttlSeconds` overrides the default lifetime (administrators: the saved session timeout). */
  async sign(claims: SessionClaims, ttlSeconds = this.ttlSeconds): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.key);
  }

  /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload['ver'] !== 'number') return null;
      return { userId: payload.sub, version: payload['ver'] };
    } catch {
      return null;
    }
  }
}
