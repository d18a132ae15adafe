import { describe, expect, it } from 'vitest';
import { lastActiveText, sessionTitle } from './describe-session';

describe('sessions list wording', () => {
  it('names the browser and system', () => {
    expect(sessionTitle({ browser: 'Chrome 126', os: 'macOS' })).toBe('Chrome 126 on macOS');
    expect(sessionTitle({ browser: null, os: 'Linux' })).toBe('Linux');
    expect(sessionTitle({ browser: null, os: null })).toBe('Unknown browser');
  });

  it('says how long ago it was used', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(lastActiveText('2026-11-22T11:57:00Z', now)).toBe('Active now');
    expect(lastActiveText('2026-11-22T11:30:00Z', now)).toBe('Active 30 minutes ago');
    expect(lastActiveText('2026-11-22T11:00:00Z', now)).toBe('Active 1 hour ago');
    expect(lastActiveText('2026-11-19T12:00:00Z', now)).toBe('Active 3 days ago');
  });
});
