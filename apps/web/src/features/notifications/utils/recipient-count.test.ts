import { broadcastBodySchema } from '@parley/shared/contracts/notifications';
import { describe, expect, it } from 'vitest';
import { matchesRecipient, recipientCount } from './recipient-count';

describe('send message form', () => {
  it('counts who will receive the message', () => {
    expect(recipientCount('active', { active: 3, all: 10 }, [])).toBe(3);
    expect(recipientCount('all', { active: 3, all: 10 }, ['a'])).toBe(10);
    expect(recipientCount('selected', {}, ['a', 'b', 'a'])).toBe(2);
    expect(recipientCount('all', {}, [])).toBeNull();
  });

  it('filters the checkbox list by e-mail or name', () => {
    const ada = { email: 'ada@example.com', fullName: 'Ada Lovelace' };
    expect(matchesRecipient(ada, '')).toBe(true);
    expect(matchesRecipient(ada, 'LOVE')).toBe(true);
    expect(matchesRecipient(ada, 'example')).toBe(true);
    expect(matchesRecipient(ada, 'grace')).toBe(false);
  });

  it('validates with the shared contract and its wording', () => {
    const result = broadcastBodySchema.safeParse({ recipients: 'selected', userIds: [], title: ' ', message: '', priority: 'info' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('Please enter a title');
    expect(messages).toContain('Please enter a message');
    const noRecipient = broadcastBodySchema.safeParse({ recipients: 'selected', userIds: [], title: 'Hi', message: 'Hello' });
    expect(noRecipient.error!.issues.map((issue) => issue.message)).toEqual(['Please select at least one recipient']);
    expect(broadcastBodySchema.parse({ recipients: 'all', title: 'Hi', message: 'Hello', link: '' }).priority).toBe('info');
  });
});
