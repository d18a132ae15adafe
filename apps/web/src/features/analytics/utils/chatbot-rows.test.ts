import { describe, expect, it } from 'vitest';
import { type ChatbotRow, defaultDirection, satisfactionOf, sortChatbotRows } from './chatbot-rows';

const row = (name: string, values: Partial<ChatbotRow> = {}): ChatbotRow => ({
  chatbotId: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  conversations: 0,
  questions: 0,
  answerRate: null,
  avgLatencyMs: null,
  tokens: 0,
  thumbsUp: 0,
  thumbsDown: 0,
  ...values,
});

const rows = [
  row('Support', { conversations: 30, answerRate: 0.9, avgLatencyMs: 900, thumbsUp: 9, thumbsDown: 1 }),
  row('billing', { conversations: 10, answerRate: 0.5, avgLatencyMs: 400, thumbsUp: 1, thumbsDown: 1 }),
  row('Careers', { conversations: 0 }),
];
const names = (list: ChatbotRow[]) => list.map((r) => r.name);

describe('per-chatbot table order', () => {
  it('sorts by name without regard to case', () => {
    expect(names(sortChatbotRows(rows, 'name', 'asc'))).toEqual(['billing', 'Careers', 'Support']);
    expect(names(sortChatbotRows(rows, 'name', 'desc'))).toEqual(['Support', 'Careers', 'billing']);
  });

  it('sorts by a figure and keeps chatbots without one last either way', () => {
    expect(names(sortChatbotRows(rows, 'answerRate', 'desc'))).toEqual(['Support', 'billing', 'Careers']);
    expect(names(sortChatbotRows(rows, 'answerRate', 'asc'))).toEqual(['billing', 'Support', 'Careers']);
    expect(names(sortChatbotRows(rows, 'satisfaction', 'desc'))).toEqual(['Support', 'billing', 'Careers']);
  });

  it('starts with the order a reader expects for each column', () => {
    expect(defaultDirection('conversations')).toBe('desc');
    expect(defaultDirection('avgLatencyMs')).toBe('asc');
    expect(satisfactionOf({ thumbsUp: 3, thumbsDown: 1 })).toBe(0.75);
    expect(satisfactionOf({ thumbsUp: 0, thumbsDown: 0 })).toBeNull();
  });
});
