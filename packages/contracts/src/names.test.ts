import { describe, expect, it } from 'vitest';
import { lastNameForLevel, nameForLevel, shortName } from './names';

describe('one rule for names (decision 050)', () => {
  it('shortens to the first name and one initial, with one period', () => {
    expect(shortName('Alex', 'Morgan')).toBe('Alex M.');
    expect(shortName(' alex ', ' morgan')).toBe('alex M.');
    expect(shortName('Alex', '')).toBe('Alex');
    // A last name stored as an initial does not end in "..".
    expect(shortName('Alex', 'M.')).toBe('Alex M.');
  });

  it('names a member in full to whoever invited them, and shortened deeper', () => {
    expect(nameForLevel('Alex', 'Morgan', 1)).toBe('Alex Morgan');
    expect(nameForLevel('Alex', 'Morgan', 2)).toBe('Alex M.');
    expect(nameForLevel('Alex', 'Morgan', 5)).toBe('Alex M.');
    expect(nameForLevel('Alex', '', 3)).toBe('Alex');
    expect(lastNameForLevel('Morgan', 3)).toBe('M.');
    expect(lastNameForLevel('Morgan', 1)).toBe('Morgan');
  });
});
