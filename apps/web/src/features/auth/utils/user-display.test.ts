import { describe, expect, it } from 'vitest';
import { displayName, greetingName, initials } from './user-display';

const base = { email: 'ada@example.com', fullName: null, firstName: null, lastName: null };

describe('user display', () => {
  it('prefers the full name, then first and last, then the e-mail', () => {
    expect(displayName({ ...base, fullName: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ ...base, firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName(base)).toBe('ada@example.com');
  });

  it('greets by first name', () => {
    expect(greetingName({ ...base, firstName: 'Ada', fullName: 'Augusta Ada King' })).toBe('Ada');
    expect(greetingName({ ...base, fullName: 'Grace Hopper' })).toBe('Grace');
    expect(greetingName(base)).toBeNull();
  });

  it('makes initials', () => {
    expect(initials({ ...base, fullName: 'Ada Byron Lovelace' })).toBe('AL');
    expect(initials({ ...base, firstName: 'Grace' })).toBe('G');
    expect(initials(base)).toBe('A');
  });
});
