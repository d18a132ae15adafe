import { retrievalTestResultSchema, type RetrievalTestBody, type RetrievedPassage } from '@parley/shared/contracts/retrieval-testing';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHATBOT_ID } from '@/test/fixtures/chatbot';
import { fillIn, renderScreen } from '@/test/render';
import { apiError, contractJson, server } from '@/test/server';
import { RetrievalTestPanel } from './retrieval-test-panel';

const REFUNDS = 'Customers can ask for a refund within 30 days of purchase. Refunds are paid back to the original card within five working days.';
const LONG_GUIDE = `Shipping. ${'We ship every order from our warehouse in Rotterdam by courier. '.repeat(8)}The last line of the guide.`;

const PASSAGES: RetrievedPassage[] = [
  { sourceId: 'a0000000-0000-4000-8000-000000000001', sourceName: 'Refund policy', content: REFUNDS, score: 0.0245901639 },
  { sourceId: 'a0000000-0000-4000-8000-000000000002', sourceName: 'Shipping guide', content: LONG_GUIDE, score: 0.0081967213 },
];

/** The retrieval test endpoint answering `passages` (or an error), recording the bodies it was sent. */
function mockRetrieval(answer: RetrievedPassage[] | Response = PASSAGES) {
  const bodies: RetrievalTestBody[] = [];
  server.use(
    http.post(`/api/chatbots/${CHATBOT_ID}/retrieval-test`, async ({ request }) => {
      bodies.push((await request.json()) as RetrievalTestBody);
      return answer instanceof Response ? answer : contractJson(retrievalTestResultSchema, { passages: answer });
    }),
  );
  return bodies;
}

function renderPanel({ defaultTopK = 5, hasTrainingData = true } = {}) {
  return renderScreen(<RetrievalTestPanel chatbotId={CHATBOT_ID} defaultTopK={defaultTopK} hasTrainingData={hasTrainingData} />);
}

describe('RetrievalTestPanel', () => {
  it('shows the passages for a question, best first, with rank, source and score, and the chatbot’s topK by default', async () => {
    const bodies = mockRetrieval();
    const { user } = renderPanel();

    expect(screen.getByRole('combobox', { name: 'Passages to retrieve' })).toHaveTextContent('Top 5 (the chatbot’s setting)');
    await user.type(screen.getByLabelText('Question'), '  How long do refunds take?  ');
    await user.click(screen.getByRole('button', { name: 'Test retrieval' }));

    const list = await screen.findByRole('list', { name: 'Retrieved passages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['1. Refund policy', '2. Shipping guide']);
    expect(within(items[0]!).getByLabelText('Rank 1')).toHaveTextContent('1');
    expect(within(items[0]!).getByText('Score 0.025')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Score 0.008')).toBeInTheDocument();
    expect(within(items[0]!).getByText(REFUNDS)).toBeInTheDocument();
    expect(screen.getByText(/2 passages, best first,/)).toHaveTextContent('2 passages, best first, for “How long do refunds take?”');
    expect(bodies).toEqual([{ query: 'How long do refunds take?', topK: 5 }]);

    // A short passage is shown whole; a long one is clamped until Show more.
    expect(within(items[0]!).queryByRole('button', { name: 'Show more' })).toBeNull();
    const more = within(items[1]!).getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(items[1]!).getByText(LONG_GUIDE)).toHaveClass('line-clamp-4');
    await user.click(more);
    expect(within(items[1]!).getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(items[1]!).getByText(LONG_GUIDE)).not.toHaveClass('line-clamp-4');
  });

  it('asks for the number of passages chosen; Enter in the question asks too', async () => {
    const bodies = mockRetrieval(PASSAGES.slice(0, 1));
    const { user } = renderPanel({ defaultTopK: 4 });

    await user.click(screen.getByRole('combobox', { name: 'Passages to retrieve' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Top 1',
      'Top 3',
      'Top 4 (the chatbot’s setting)',
      'Top 5',
      'Top 10',
      'Top 20',
      'Top 50',
    ]);
    await user.click(screen.getByRole('option', { name: 'Top 20' }));
    await fillIn(user, screen.getByLabelText('Question'), 'refund');
    await user.type(screen.getByLabelText('Question'), '{Enter}');

    await screen.findByText('1 passage, best first,', { exact: false });
    expect(bodies).toEqual([{ query: 'refund', topK: 20 }]);
  });

  it('says when no passage matched: the chatbot would decline the question', async () => {
    mockRetrieval([]);
    const { user } = renderPanel();

    await fillIn(user, screen.getByLabelText('Question'), 'Which planets have rings?');
    await user.click(screen.getByRole('button', { name: 'Test retrieval' }));

    expect(await screen.findByText('No passage matched — the chatbot would decline this question.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Retrieved passages' })).toBeNull();
  });

  it('needs a question, and shows the server’s refusal in the panel', async () => {
    const bodies = mockRetrieval(
      apiError(503, 'SERVICE_UNAVAILABLE', 'The retrieval test could not be completed: the chatbot’s embedding provider did not answer. Please try again.'),
    );
    const { user } = renderPanel({ hasTrainingData: false });
    expect(screen.getByText(/no processed training data yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Test retrieval' }));
    expect(await screen.findByText('Question is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await fillIn(user, screen.getByLabelText('Question'), 'How long do refunds take?');
    await user.click(screen.getByRole('button', { name: 'Test retrieval' }));
    const alert = (await screen.findByText('Could not test retrieval')).closest('[role="alert"]');
    expect(alert).toHaveTextContent('the chatbot’s embedding provider did not answer. Please try again.');
    expect(screen.queryByRole('region', { name: 'Retrieval results' })).toBeNull();
  });
});
