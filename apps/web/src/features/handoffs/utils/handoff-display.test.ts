import type { HandoffSummary } from '@parley/shared/contracts/handoffs';
import { describe, expect, it } from 'vitest';
import { formatListTime, formatWaitDuration, handoffStatusLabel, unreadBadgeText } from './handoff-display';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

const base: Pick<HandoffSummary, 'status' | 'requestedAt' | 'acceptedByName' | 'closeOutcome'> = {
  status: 'waiting',
  requestedAt: ago(4 * MIN + 30_000),
  acceptedByName: null,
  closeOutcome: null,
};

describe('how long a visitor has waited', () => {
  it('counts whole minutes, then hours and minutes, then days and hours', () => {
    expect(formatWaitDuration(ago(20_000), NOW)).toBe('<1 min');
    expect(formatWaitDuration(ago(4 * MIN + 59_000), NOW)).toBe('4 min');
    expect(formatWaitDuration(ago(60 * MIN), NOW)).toBe('1 h');
    expect(formatWaitDuration(ago(65 * MIN), NOW)).toBe('1 h 5 min');
    expect(formatWaitDuration(ago(48 * 60 * MIN), NOW)).toBe('2 d');
    expect(formatWaitDuration(ago(51 * 60 * MIN + 10 * MIN), NOW)).toBe('2 d 3 h');
  });

  it('never goes negative when the server clock is ahead, and shows nothing for a bad date', () => {
    expect(formatWaitDuration(new Date(NOW + 90_000).toISOString(), NOW)).toBe('<1 min');
    expect(formatWaitDuration('not a date', NOW)).toBe('');
  });
});

describe('the status badge', () => {
  it('says how long a waiting visitor has waited', () => {
    expect(handoffStatusLabel(base, NOW)).toMatchObject({ tone: 'waiting', label: 'Waiting 4 min' });
  });

  it('names the person answering an active one', () => {
    expect(handoffStatusLabel({ ...base, status: 'active', acceptedByName: 'Dana' }, NOW)).toMatchObject({ tone: 'active', label: 'Active · Dana' });
    expect(handoffStatusLabel({ ...base, status: 'active' }, NOW).label).toBe('Active');
  });

  it('tells how a closed one ended', () => {
    expect(handoffStatusLabel({ ...base, status: 'closed', closeOutcome: 'bot' }, NOW)).toMatchObject({ tone: 'closed', label: 'Back to bot' });
    expect(handoffStatusLabel({ ...base, status: 'closed', closeOutcome: 'ended' }, NOW)).toMatchObject({ tone: 'closed', label: 'Ended' });
  });
});

describe('the time on a list row', () => {
  it('is short and relative for the last week', () => {
    expect(formatListTime(ago(30_000), NOW)).toBe('now');
    expect(formatListTime(ago(4 * MIN), NOW)).toBe('4m ago');
    expect(formatListTime(ago(3 * 60 * MIN + 20 * MIN), NOW)).toBe('3h ago');
    expect(formatListTime(ago(26 * 60 * MIN), NOW)).toBe('yesterday');
    expect(formatListTime(ago(3 * 24 * 60 * MIN), NOW)).toBe('3d ago');
  });

  it('becomes a date once a week old', () => {
    expect(formatListTime(ago(10 * 24 * 60 * MIN), NOW)).toMatch(/Nov/);
  });
});

describe('the unread badge', () => {
  it('shows nothing for none and caps large counts', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
