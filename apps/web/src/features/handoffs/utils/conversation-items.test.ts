import type { HandoffMessage } from '@parley/shared/contracts/handoffs';
import { describe, expect, it } from 'vitest';
import { GROUP_GAP_MS, toConversationItems } from './conversation-items';

// Local times, so the day dividers do not depend on the machine's time zone.
const NOW = new Date(2026, 10, 22, 15, 0).getTime();
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();

let sequence = 0;
function message(role: HandoffMessage['role'], createdAt: string, authorName: string | null = null): HandoffMessage {
  sequence += 1;
  return { id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`, role, content: `${role} ${sequence}`, authorName, createdAt };
}

function shape(messages: HandoffMessage[]) {
  return toConversationItems(messages, NOW).map((item) =>
    item.kind === 'day'
      ? `day:${item.label}`
      : item.kind === 'system'
        ? 'system'
        : `${item.role}${item.authorName ? `(${item.authorName})` : ''}x${item.messages.length}`,
  );
}

describe('the conversation as the transcript draws it', () => {
  it('groups one sender’s messages written close together', () => {
    expect(
      shape([message('user', at(22, 10, 0)), message('user', at(22, 10, 1)), message('assistant', at(22, 10, 1)), message('user', at(22, 10, 2))]),
    ).toEqual(['day:Today', 'userx2', 'assistantx1', 'userx1']);
  });

  it('starts a new group after a pause', () => {
    const first = at(22, 10, 0);
    const later = new Date(Date.parse(first) + GROUP_GAP_MS + 1000).toISOString();
    expect(shape([message('user', first), message('user', later)])).toEqual(['day:Today', 'userx1', 'userx1']);
  });

  it('keeps two agents apart and status lines on their own', () => {
    expect(
      shape([
        message('agent', at(22, 11, 0), 'Dana'),
        message('agent', at(22, 11, 0), 'Lee'),
        message('system', at(22, 11, 1)),
        message('agent', at(22, 11, 1), 'Lee'),
      ]),
    ).toEqual(['day:Today', 'agent(Dana)x1', 'agent(Lee)x1', 'system', 'agent(Lee)x1']);
  });

  it('puts a divider where the day changes', () => {
    expect(shape([message('user', at(20, 23, 58)), message('user', at(21, 0, 1)), message('user', at(22, 9, 0))])).toEqual([
      expect.stringMatching(/^day:\w{3}, Nov 20$/),
      'userx1',
      'day:Yesterday',
      'userx1',
      'day:Today',
      'userx1',
    ]);
  });

  it('has nothing to draw for an empty conversation', () => {
    expect(toConversationItems([], NOW)).toEqual([]);
  });
});
