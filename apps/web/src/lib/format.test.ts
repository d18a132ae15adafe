import { describe, expect, it } from 'vitest';
import { formatDate, humanize, shortId } from './format';

describe('admin display formats', () => {
  it('turns action names into words', () => {
    expect(humanize('admin_user_created')).toBe('Admin user created');
    expect(humanize('bulk-notification_sent')).toBe('Bulk notification sent');
    expect(humanize('')).toBe('');
  });

  it('shows the first 8 characters of an id', () => {
    expect(shortId('0b8f3c2e-1111-4222-8333-444455556666')).toBe('0b8f3c2e');
  });

  it('shows a dash for a date it cannot read', () => {
    expect(formatDate('nope')).toBe('—');
    expect(formatDate('2026-11-22T10:00:00Z')).toMatch(/2026/);
  });
});
