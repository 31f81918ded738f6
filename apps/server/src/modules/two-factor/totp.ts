import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const ISSUER = 'CopyTrade Network';

/** A new random secret (160 bits, as RFC 4226 recommends), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, account = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(base32),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** The otpauth:// URI the enrolment QR code carries. */
export function totpUri(base32: string, account: string): string {
  return totpOf(base32, account).toString();
}

/** The code an authenticator shows at `atMs` (tests and scripted deployments). */
export function totpCode(base32: string, atMs = Date.now()): string {
  return totpOf(base32).generate({ timestamp: atMs });
}

/**
 * The time step `code` belongs to, allowing one step of clock drift either way, or null when it
 * is not a current code. The step lets a caller refuse a code that was already used.
 */
export function totpStep(base32: string, code: string, atMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(base32).validate({ token: code, timestamp: atMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / PERIOD_SECONDS) + delta;
}
