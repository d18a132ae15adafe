import { okResponseSchema } from '@parley/shared/contracts/auth';
import { knowledgeSourceListSchema } from '@parley/shared/contracts/knowledge-sources';
import {
  evaluationQuestionListSchema,
  evaluationQuestionSchema,
  evaluationRunDetailSchema,
  evaluationRunListSchema,
  evaluationRunSchema,
  type EvaluationQuestion,
  type EvaluationQuestionBody,
  type EvaluationResult,
  type EvaluationRun,
} from '@parley/shared/contracts/evaluations';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHATBOT_ID } from '@/test/fixtures/chatbot';
import { fillIn, renderScreen } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { EvaluationPanel } from './evaluation-panel';

const BASE = `/api/chatbots/${CHATBOT_ID}`;
const REFUNDS_ID = 'a0000000-0000-4000-8000-000000000001';
const SHIPPING_ID = 'a0000000-0000-4000-8000-000000000002';
const AT = '2026-11-20T10:00:00.000Z';
const NOT_FOUND = 'I couldn’t find anything about that in the documents I was given.';

let ids = 0;
const nextId = () => `b0000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function questionFixture(overrides: Partial<EvaluationQuestion> = {}): EvaluationQuestion {
  return {
    id: nextId(),
    question: 'How long do refunds take?',
    expectedAnswer: null,
    expectedSourceId: null,
    expectedSourceName: null,
    shouldDecline: false,
    origin: 'typed',
    messageId: null,
    createdByName: 'Ada Lovelace',
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const score = (correct: number, counted: number) => ({ correct, counted, rate: counted ? correct / counted : null });

function runFixture(overrides: Partial<EvaluationRun> = {}): EvaluationRun {
  return {
    id: nextId(),
    status: 'done',
    trigger: 'manual',
    progress: { done: 2, total: 2 },
    error: null,
    summary: { retrieval: score(1, 1), answers: score(1, 1), declines: score(1, 1), overall: score(2, 2) },
    createdAt: AT,
    startedAt: AT,
    finishedAt: AT,
    ...overrides,
  };
}

const RIGHT_RESULT: EvaluationResult = {
  id: 'c0000000-0000-4000-8000-000000000001',
  questionId: null,
  question: 'When is my refund paid back?',
  expectedAnswer: 'Within five working days.',
  expectedSourceId: REFUNDS_ID,
  expectedSourceName: 'Refund policy',
  shouldDecline: false,
  isEvaluated: true,
  retrievalHit: true,
  expectedSourceRank: 2,
  answered: true,
  answer: 'Refunds are paid back to the original card within five working days.',
  answerCoverage: 1,
  isCorrect: true,
  retrievedSourceIds: [SHIPPING_ID, REFUNDS_ID],
  citedSourceIds: [REFUNDS_ID],
};
const WRONG_DECLINE: EvaluationResult = {
  ...RIGHT_RESULT,
  id: 'c0000000-0000-4000-8000-000000000002',
  question: 'Where is the warehouse?',
  expectedAnswer: null,
  retrievalHit: false,
  expectedSourceRank: null,
  answered: false,
  answer: NOT_FOUND,
  answerCoverage: null,
  isCorrect: false,
  retrievedSourceIds: [SHIPPING_ID],
  citedSourceIds: [],
};

/** The evaluation API over an in-memory set, recording what the screen sends. */
function mockEvaluations({ questions = [] as EvaluationQuestion[], runs = [] as EvaluationRun[], results = [] as EvaluationResult[] } = {}) {
  const state = { questions: [...questions], runs: [...runs], results: [...results] };
  const sent: { method: string; body: unknown }[] = [];
  server.use(
    http.get(`${BASE}/evaluation-questions`, () =>
      contractJson(evaluationQuestionListSchema, {
        items: state.questions,
        total: state.questions.length,
        page: 1,
        pageSize: 10,
        remaining: 200 - state.questions.length,
      }),
    ),
    http.post(`${BASE}/evaluation-questions`, async ({ request }) => {
      const body = (await request.json()) as EvaluationQuestionBody;
      sent.push({ method: 'POST', body });
      const added = questionFixture({
        question: body.question.trim(),
        expectedAnswer: body.expectedAnswer || null,
        expectedSourceId: body.expectedSourceId ?? null,
        expectedSourceName: body.expectedSourceId === REFUNDS_ID ? 'Refund policy' : null,
        shouldDecline: body.shouldDecline ?? false,
      });
      state.questions = [added, ...state.questions];
      await afterDedupWindow();
      return contractJson(evaluationQuestionSchema, added, { status: 201 });
    }),
    http.put(`${BASE}/evaluation-questions/:questionId`, async ({ request, params }) => {
      const body = (await request.json()) as EvaluationQuestionBody;
      sent.push({ method: 'PUT', body });
      state.questions = state.questions.map((q) => (q.id === params.questionId ? { ...q, question: body.question } : q));
      await afterDedupWindow();
      return contractJson(
        evaluationQuestionSchema,
        state.questions.find((q) => q.id === params.questionId)!,
      );
    }),
    http.delete(`${BASE}/evaluation-questions/:questionId`, async ({ params }) => {
      sent.push({ method: 'DELETE', body: params.questionId });
      state.questions = state.questions.filter((q) => q.id !== params.questionId);
      await afterDedupWindow();
      return contractJson(okResponseSchema, { ok: true });
    }),
    http.get(`${BASE}/evaluation-runs`, () => contractJson(evaluationRunListSchema, { items: state.runs, total: state.runs.length, page: 1, pageSize: 30 })),
    http.get(`${BASE}/evaluation-runs/:runId`, ({ params }) =>
      contractJson(evaluationRunDetailSchema, { run: state.runs.find((run) => run.id === params.runId)!, results: state.results }),
    ),
    http.get(`${BASE}/sources`, () =>
      contractJson(knowledgeSourceListSchema, {
        items: [
          { id: REFUNDS_ID, name: 'Refund policy' },
          { id: SHIPPING_ID, name: 'Shipping' },
        ].map((source) => ({
          ...source,
          chatbotId: CHATBOT_ID,
          kind: 'text' as const,
          mimeType: 'text/plain',
          sourceUrl: null,
          sizeBytes: 120,
          status: 'ready' as const,
          progress: 100,
          error: null,
          chunkCount: 1,
          tokenCount: 30,
          billedTokens: 40,
          billingRule: { characters: 30, tokensPerCharacter: 1.333, multiplier: 1 },
          processedAt: AT,
          createdAt: AT,
        })),
        total: 2,
        page: 1,
        pageSize: 10,
        totals: { sources: 2, queued: 0, processing: 0, ready: 2, failed: 0, chunks: 2, tokens: 60 },
        maxDocumentSizeMb: 10,
      }),
    ),
  );
  return { state, sent };
}

const renderPanel = () => renderScreen(<EvaluationPanel chatbotId={CHATBOT_ID} hasTrainingData />);

describe('EvaluationPanel', () => {
  it('adds a question with the answer and source expected, and one the chatbot should decline', async () => {
    const { sent } = mockEvaluations();
    const { user } = renderPanel();

    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run evaluation' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    // Nothing asked: the field says so and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));
    expect(within(dialog).getByText('Question is required')).toBeInTheDocument();

    await fillIn(user, within(dialog).getByLabelText('Question'), 'When is my refund paid back?');
    await fillIn(user, within(dialog).getByLabelText('Expected answer (optional)'), 'Within five working days.');
    await user.click(within(dialog).getByRole('combobox', { name: 'Expected source (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Refund policy' }));
    expect(within(dialog).getByRole('combobox', { name: 'Expected source (optional)' })).toHaveTextContent('Refund policy');
    await user.click(within(dialog).getByRole('button', { name: 'Add question' }));

    const list = await screen.findByRole('list', { name: 'Evaluation questions' });
    expect(await within(list).findByRole('listitem', { name: 'When is my refund paid back?' })).toHaveTextContent('Refund policy');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const second = await screen.findByRole('dialog', { name: 'Add question' });
    await fillIn(user, within(second).getByLabelText('Question'), 'Do you sell moon boots?');
    await fillIn(user, within(second).getByLabelText('Expected answer (optional)'), 'left behind');
    await user.click(within(second).getByRole('checkbox', { name: /The chatbot should decline/ }));
    expect(within(second).getByLabelText('Expected answer (optional)')).toBeDisabled();
    await user.click(within(second).getByRole('button', { name: 'Add question' }));
    expect(await within(list).findByRole('listitem', { name: 'Do you sell moon boots?' })).toHaveTextContent('Should decline');

    expect(sent).toEqual([
      {
        method: 'POST',
        body: { question: 'When is my refund paid back?', expectedAnswer: 'Within five working days.', expectedSourceId: REFUNDS_ID, shouldDecline: false },
      },
      { method: 'POST', body: { question: 'Do you sell moon boots?', expectedAnswer: null, expectedSourceId: null, shouldDecline: true } },
    ]);
    expect(screen.getByRole('button', { name: 'Run evaluation' })).toBeEnabled();
  });

  it('edits and deletes a question', async () => {
    const question = questionFixture({ question: 'How long do refunds take?', expectedSourceId: REFUNDS_ID, expectedSourceName: 'Refund policy' });
    const { sent } = mockEvaluations({ questions: [question] });
    const { user } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Edit “How long do refunds take?”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    expect(within(dialog).getByRole('combobox', { name: 'Expected source (optional)' })).toHaveTextContent('Refund policy');
    await fillIn(user, within(dialog).getByLabelText('Question'), 'How long do card refunds take?');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await screen.findByRole('listitem', { name: 'How long do card refunds take?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete “How long do card refunds take?”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    expect(sent.map((s) => s.method)).toEqual(['PUT', 'DELETE']);
    expect(sent[0]!.body).toEqual({ question: 'How long do card refunds take?', expectedAnswer: null, expectedSourceId: REFUNDS_ID, shouldDecline: false });
  });

  it('runs the evaluation, shows its progress, then each question’s result and the scores over time', async () => {
    const earlier = runFixture({ finishedAt: '2026-11-18T10:00:00.000Z', summary: { ...runFixture().summary!, overall: score(1, 2) } });
    const { state } = mockEvaluations({ questions: [questionFixture()], runs: [earlier], results: [RIGHT_RESULT] });
    let started: EvaluationRun | null = null;
    server.use(
      http.post(`${BASE}/evaluation-runs`, async () => {
        started = runFixture({ status: 'running', progress: { done: 1, total: 2 }, summary: null, finishedAt: null });
        state.runs = [started, ...state.runs];
        state.results = [RIGHT_RESULT, { ...WRONG_DECLINE, isEvaluated: false, answered: null, answer: null, isCorrect: null, retrievalHit: null }];
        await afterDedupWindow();
        return contractJson(evaluationRunSchema, started, { status: 201 });
      }),
    );
    const { user } = renderPanel();

    // Enabled once the set is known to have questions.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run evaluation' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Run evaluation' }));
    expect(await screen.findByText('Asking question 2 of 2…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Evaluation progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: /Run evaluation/ })).toBeDisabled();
    const waiting = await screen.findByRole('listitem', { name: 'Where is the warehouse?' });
    expect(waiting).toHaveTextContent('Waiting');

    // The run finishes: the next poll shows its scores and results.
    state.runs[0] = {
      ...started!,
      status: 'done',
      progress: { done: 2, total: 2 },
      summary: { retrieval: score(1, 2), answers: score(1, 2), declines: score(0, 0), overall: score(1, 2) },
      finishedAt: '2026-11-20T11:00:00.000Z',
    };
    state.results = [RIGHT_RESULT, WRONG_DECLINE];
    expect(await screen.findByText('2 questions asked', {}, { timeout: 5_000 })).toBeInTheDocument();
    const scores = screen.getByLabelText('Scores');
    expect(scores).toHaveTextContent('Right source retrieved50% (1 of 2)');
    expect(scores).toHaveTextContent('Declined right—');

    const results = screen.getByRole('list', { name: 'Results' });
    const right = within(results).getByRole('listitem', { name: 'When is my refund paid back?' });
    expect(right).toHaveTextContent('Right');
    expect(right).toHaveTextContent('Refund policy retrieved, rank 2');
    expect(within(right).getByText('Right source retrieved: yes')).toBeInTheDocument();
    expect(right).toHaveTextContent('answered · 100% of the expected words');
    const wrong = within(results).getByRole('listitem', { name: 'Where is the warehouse?' });
    // Its result is read as the run list reports it asked.
    await waitFor(() => expect(wrong).toHaveTextContent('Wrong'));
    expect(wrong).toHaveTextContent('Refund policy not retrieved');
    expect(wrong).toHaveTextContent('declined');

    // The answer is folded away until asked for.
    const answer = within(wrong).getByText(NOT_FOUND);
    expect(answer).not.toBeVisible();
    await user.click(within(wrong).getByRole('button', { name: 'Show the answer' }));
    expect(answer).toBeVisible();
    expect(within(wrong).getByRole('button', { name: 'Hide the answer' })).toHaveAttribute('aria-expanded', 'true');

    expect(screen.getByRole('img', { name: 'Evaluation scores of the last 2 runs, in percent' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run evaluation' })).toBeEnabled());
  });

  it('says why a run could not start, and why one failed', async () => {
    mockEvaluations({
      questions: [questionFixture()],
      runs: [
        runFixture({
          status: 'failed',
          summary: null,
          error: 'The evaluation could not be completed: the chatbot’s AI provider did not answer. Please try again.',
        }),
      ],
    });
    server.use(
      http.post(`${BASE}/evaluation-runs`, () =>
        apiError(409, 'CONFLICT', 'An evaluation of this chatbot is already waiting or running. Wait for it to finish.'),
      ),
    );
    const { user } = renderPanel();

    expect(await screen.findByText('The evaluation failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run evaluation' })).toBeEnabled());
    expect(screen.getAllByText('The evaluation could not be completed: the chatbot’s AI provider did not answer. Please try again.').length).toBeGreaterThan(0);
    expect(screen.getByText('The scores are drawn over time once two evaluations have finished.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run evaluation' }));
    expect(await screen.findByText('An evaluation of this chatbot is already waiting or running. Wait for it to finish.')).toBeInTheDocument();
  });
});
