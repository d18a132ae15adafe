import { sourceCostEstimateSchema, type SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { contractJson, server } from '@/test/server';
import { TextSourceForm } from './text-source-form';

const CHATBOT = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

function estimate(overrides: Partial<SourceCostEstimate>): SourceCostEstimate {
  return {
    tokens: 1_333,
    rule: { characters: 1_000, tokensPerCharacter: 1.333, multiplier: 1 },
    monthlyLimit: 100_000,
    usedThisMonth: 0,
    allowanceLeft: 100_000,
    tokenBalance: 0,
    fromTokenBalance: 0,
    fits: true,
    message: 'This text will cost 1,333 tokens; 100,000 of your 100,000 tokens are left this month.',
    ...overrides,
  };
}

describe('TextSourceForm', () => {
  it('shows what the text will cost before Add, and keeps Add off while it does not fit', async () => {
    let answer = estimate({});
    const asked: unknown[] = [];
    server.use(
      http.post(`/api/chatbots/${CHATBOT}/sources/text/estimate`, async ({ request }) => {
        asked.push(await request.json());
        return contractJson(sourceCostEstimateSchema, answer);
      }),
    );
    const { user } = renderScreen(<TextSourceForm chatbotId={CHATBOT} />);
    const add = screen.getByRole('button', { name: 'Add text' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Source name'), 'Policy');
    await user.type(screen.getByLabelText('Text'), 'Returns within 30 days.');
    expect(await screen.findByText('This text will cost 1,333 tokens; 100,000 of your 100,000 tokens are left this month.')).toBeInTheDocument();
    expect(screen.getByText('1,000 characters × 1.333 tokens per character × 1 (storage) = 1,333 tokens')).toBeInTheDocument();
    expect(add).toBeEnabled();
    // Typing paused once: one question for the whole text, not one per keystroke.
    expect(asked).toEqual([{ name: 'Policy', text: 'Returns within 30 days.' }]);

    answer = estimate({ fits: false, allowanceLeft: 100, message: 'This text would cost 1,333 tokens, but 100 of your 100,000 tokens are left this month.' });
    await user.type(screen.getByLabelText('Text'), ' More.');
    expect(await screen.findByRole('alert')).toHaveTextContent('This text would cost 1,333 tokens, but 100 of your 100,000 tokens are left this month.');
    expect(add).toBeDisabled();
  });
});
