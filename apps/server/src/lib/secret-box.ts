import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Small secrets kept encrypted at rest (two-factor secrets): AES-256-GCM with a fresh 12-byte
 * nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A database copy alone
 * gives nothing away; a changed or swapped value fails authentication instead of decrypting to
 * garbage. `purpose` binds a value to its use: a value sealed for one purpose opens for no other.
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `keyMaterial`: 32+ characters of secret text; the AES key is derived from it with HKDF. */
  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, 'ctn-secret-box', 'aes-256-gcm', 32));
  }

  seal(plain: string, purpose: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text, or an error when the value was not sealed with this key for `purpose`. */
  open(sealed: string, purpose: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined)
      throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
