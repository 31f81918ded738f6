import { DAY_MS } from '@ctn/contracts/time';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A link in a mail read weeks later must still work: the owner may notice late. */
const LINK_TTL_MS = 60 * DAY_MS;
/** Keys the signature to this one use: no other token signed with the secret passes. */
const PURPOSE = 'ctn:withdrawal-freeze:v1';

/**
 * The signed, single-purpose token of "Not me? Freeze my account" (decision 040): the account
 * and an expiry, signed with HMAC-SHA-256. Stateless, so a mail can carry it without a row per
 * mail; freezing twice changes nothing, so a token used again does no harm.
 */
export class FreezeLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  urlFor(userId: string): string {
    return `${this.publicUrl}/freeze-account?token=${this.tokenFor(userId)}`;
  }

  tokenFor(userId: string): string {
    const payload = Buffer.from(`${userId}.${this.now() + LINK_TTL_MS}`).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The account a token names, or null when it is forged, altered or expired. */
  accountOf(token: string): string | null {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const [userId, expiry] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
    if (!userId || !/^\d+$/.test(expiry ?? '') || Number(expiry) < this.now()) return null;
    return userId;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`${PURPOSE}\n${payload}`).digest('base64url');
  }
}
