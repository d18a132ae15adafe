import { describe, expect, it } from 'vitest';
import { rateLimitMessage, readableTextColor, retryAfterSeconds } from './format';

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, never less than a second', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds(' 0 ', now)).toBe(1);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:00:42 GMT', now)).toBe(42);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(1);
  });

  it('is null when missing or unreadable', () => {
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('')).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds('-5')).toBeNull();
  });

  it('turns into the sentence shown in the chat', () => {
    expect(rateLimitMessage(30)).toBe('Too many messages, try again in 30 s.');
    expect(rateLimitMessage(1)).toBe('Too many messages, try again in 1 s.');
    expect(rateLimitMessage(600)).toBe('Too many messages, try again in 10 min.');
    expect(rateLimitMessage(null)).toBe('Too many messages, try again in a moment.');
  });
});

describe('text on the chatbot colour', () => {
  it('is white on dark colours and near-black on light ones', () => {
    expect(readableTextColor('#4f46e5')).toBe('#ffffff');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#facc15')).toBe('#111827');
    expect(readableTextColor('#FFFFFF')).toBe('#111827');
    expect(readableTextColor('not a colour')).toBe('#ffffff');
  });
});
