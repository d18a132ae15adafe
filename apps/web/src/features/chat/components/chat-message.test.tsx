import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../utils/chat-transcript';
import { ChatMessage } from './chat-message';

const turn = (change: Partial<AssistantTurn>): AssistantTurn => ({
  id: 'a1',
  role: 'assistant',
  text: '',
  status: 'done',
  citations: [],
  answered: false,
  limited: false,
  error: null,
  ...change,
});

describe('an answer in the test chat', () => {
  it('refused for the monthly usage limit says so, and is not marked "Not found in your documents"', () => {
    render(
      <ChatMessage
        color="#2563eb"
        turn={turn({ text: 'This assistant has reached its monthly usage limit and cannot answer right now. Please try again later.', limited: true })}
      />,
    );
    expect(screen.getByTestId('usage-limit-badge').textContent).toBe('Monthly usage limit reached');
    expect(screen.queryByText('Not found in your documents')).toBeNull();
  });

  it('that the documents could not answer is marked "Not found in your documents", with no usage-limit badge', () => {
    render(<ChatMessage color="#2563eb" turn={turn({ text: "I couldn't find anything about that in the documents." })} />);
    expect(screen.getByText('Not found in your documents')).toBeTruthy();
    expect(screen.queryByTestId('usage-limit-badge')).toBeNull();
  });
});
