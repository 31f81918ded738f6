import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('k'.repeat(40));

  it('opens what it sealed, and never stores the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed, 'totp')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp')).not.toBe(sealed);
  });

  it('refuses another key, another purpose and a changed value', () => {
    const sealed = box.seal('secret', 'totp');
    expect(() => new SecretBox('x'.repeat(40)).open(sealed, 'totp')).toThrow();
    expect(() => box.open(sealed, 'other')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('secreT').toString('base64url');
    expect(() => box.open(parts.join('.'), 'totp')).toThrow();
    expect(() => box.open('plain', 'totp')).toThrow('not a sealed value');
  });
});
