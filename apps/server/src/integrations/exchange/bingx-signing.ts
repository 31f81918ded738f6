import { createHmac } from 'node:crypto';

export type BingxParams = Record<string, string | number | boolean>;

/**
 * BingX request signing: parameters sorted by key, joined as `k=v` with `&`, values not
 * URL-encoded; signature = hex(HMAC-SHA256(secret, that string)), appended last.
 */
export function canonicalQuery(params: BingxParams): string {
  return Object.keys(params)
    .sort()
    .map((key) => {
      const value = String(params[key]);
      // An unencoded value with these characters would change what the server signs.
      if (/[&=?#\s]/.test(key) || /[&=?#\s]/.test(value))
        throw new Error(`unsafe BingX parameter ${key}`);
      return `${key}=${value}`;
    })
    .join('&');
}

export function signQuery(query: string, secret: string): string {
  return createHmac('sha256', secret).update(query).digest('hex');
}

/** The query string sent on the wire: the canonical parameters, then the signature. */
export function signedQueryString(params: BingxParams, secret: string): string {
  const query = canonicalQuery(params);
  return `${query}&signature=${signQuery(query, secret)}`;
}
