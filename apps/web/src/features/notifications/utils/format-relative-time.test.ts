import { describe, expect, it } from 'vitest';
import { formatRelativeTime, unreadBadge } from './format-relative-time';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('notification times and badge', () => {
  it('says how long ago a message arrived', () => {
    expect(formatRelativeTime('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-11-22T11:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-21T11:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });

  it('shows no badge without unread messages and caps large counts', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(250)).toBe('99+');
  });
});
