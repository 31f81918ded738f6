import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'ctn';
/** Valid tokens kept per process: one per active session is plenty (a token is ~300 bytes). */
const CHECKED_TOKENS_MAX = 10_000;

export interface SessionClaims {
  userId: string;
  /** users.token_version when the token was issued; a mismatch means the session has ended. */
  version: number;
  /** The user_sessions row the token belongs to (`jti`): ending it ends the token. */
  sessionId: string;
}

/**
 * Bearer tokens: HS256 pinned on both signing and checking, expiry always checked. jose signs
 * (once per sign-in); checking, done for every request, is node:crypto's HMAC: jose's WebCrypto
 * path cost about 100 us of CPU per request under load (docs/performance.md, "Load").
 */
export class SessionTokens {
  private readonly secret: Buffer;
  /** Tokens found valid, with their expiry (seconds); at most CHECKED_TOKENS_MAX. */
  private readonly checked = new Map<string, { claims: SessionClaims; exp: number }>();
  /** Imported once: jose would import raw key bytes again on every signature. */
  private readonly signingKey: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = Buffer.from(secret, 'utf8');
    this.signingKey = webcrypto.subtle.importKey(
      'raw',
      this.secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
  }

  /** `ttlSeconds` overrides the default lifetime (administrators: the saved session timeout). */
  async sign(claims: SessionClaims, ttlSeconds = this.ttlSeconds): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setJti(claims.sessionId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.signingKey);
  }

  /**
   * The claims of a valid token, or null for anything else: another algorithm (none, HS512,
   * RS256...), a bad or non-canonical signature, another issuer, no or a past `exp`, a future
   * `nbf`, no `sub`, a malformed part. A token found valid is kept with its expiry, so its next
   * requests cost a map lookup instead of an HMAC and two JSON parses (issue 16); whether its
   * session still holds is the session check's question, asked on every request.
   */
  verify(token: string): SessionClaims | null {
    const nowSeconds = Math.floor(this.now() / 1000);
    const known = this.checked.get(token);
    if (known) {
      if (known.exp > nowSeconds) return known.claims;
      this.checked.delete(token);
      return null;
    }
    const checked = this.check(token, nowSeconds);
    if (!checked) return null;
    if (this.checked.size >= CHECKED_TOKENS_MAX) {
      // The oldest first: Map keeps insertion order.
      const oldest = this.checked.keys().next();
      if (!oldest.done) this.checked.delete(oldest.value);
    }
    this.checked.set(token, checked);
    return checked.claims;
  }

  private check(token: string, nowSeconds: number): { claims: SessionClaims; exp: number } | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const head = jsonPart(header);
    if (!head || head['alg'] !== ALGORITHM || 'crit' in head) return null;
    if (head['typ'] !== undefined && head['typ'] !== 'JWT') return null;
    const expected = createHmac('sha256', this.secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.toString('base64url') !== signature) return null;
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = jsonPart(payload);
    if (!claims || claims['iss'] !== ISSUER) return null;
    const { sub, exp, nbf, iat, ver, jti } = claims;
    if (typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string') return null;
    if (typeof exp !== 'number' || exp <= nowSeconds) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return null;
    if (iat !== undefined && typeof iat !== 'number') return null;
    return { claims: Object.freeze({ userId: sub, version: ver, sessionId: jti }), exp };
  }
}

/** A base64url JSON object part of a token, or null. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
