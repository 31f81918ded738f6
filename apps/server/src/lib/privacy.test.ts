import { describe, expect, it } from 'vitest';
import { emailForLevel, maskEmail, shortName } from './privacy';

describe('privacy', () => {
  it('masks the local part of an email, keeping the domain', () => {
    expect(maskEmail('ada.lovelace@example.com')).toBe('a***e@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('not-an-email')).toBe('***');
  });

  it('shows level 1 in full and masks deeper levels', () => {
    expect(emailForLevel('bob@example.com', 1)).toBe('bob@example.com');
    expect(emailForLevel('bob@example.com', 2)).toBe('b***b@example.com');
  });

  it('names a member by first name and last initial', () => {
    expect(shortName('Alex', 'morgan')).toBe('Alex M.');
    expect(shortName(' Alex ', '')).toBe('Alex');
  });
});
