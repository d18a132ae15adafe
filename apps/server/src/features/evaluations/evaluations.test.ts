import { insufficientOrganizationRoleMessage } from '@parley/shared/access';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import type { EvaluationQuestion, EvaluationQuestionList, EvaluationRun, EvaluationRunDetail, EvaluationRunList } from '@parley/shared/contracts/evaluations';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { chatbots, evaluationRuns, messages } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { createTeam, inOrganization, type Team } from '../../test/teams';
import { queueRunAfterTrainingChange } from './runs';
import { chatTraces } from '../../test/training-data';

const REFUNDS = 'Customers can ask for a refund within 30 days of purchase. Refunds are paid back to the original card within five working days.';
const SHIPPING = 'We ship rockets from our warehouse in Rotterdam. Delivery to Europe takes three days; other continents take about two weeks.';
const RETURNS = 'Returned rockets must be unfuelled and in their original crate. Send them to the returns desk in Antwerp.';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

type Headers = Record<string, string>;

async function until<T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function addReadySource(c: TestContext, headers: Headers, chatbotId: string, name: string, text: string): Promise<string> {
  const added = await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/sources/text`, headers, payload: { name, text } });
  expect(added.statusCode, added.body).toBe(201);
  const id = (added.json() as { id: string }).id;
  await until(
    `source ${name}`,
    async () =>
      ((await c.app.inject({ method: 'GET', url: `/api/chatbots/${chatbotId}/sources`, headers })).json() as { items: { id: string; status: string }[] }).items,
    (items) => items.some((s) => s.id === id && s.status === 'ready'),
  );
  return id;
}

describeEachDatabase(
  'evaluation sets: questions asked again, scored, after every change to the training data',
  (ctx) => {
    let team: Team;
    let chatbotId: string;
    let refundsId: string;
    let shippingId: string;
    const asOwner = () => inOrganization(team.owner, team.organizationId);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers: Headers = asOwner(), id = chatbotId) =>
      ctx().app.inject({ method, url: `/api/chatbots/${id}${path}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const addQuestion = async (body: Record<string, unknown>, id = chatbotId) => {
      const response = await call('POST', '/evaluation-questions', body, asOwner(), id);
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as EvaluationQuestion;
    };
    const readRun = async (runId: string, id = chatbotId) =>
      (await call('GET', `/evaluation-runs/${runId}`, undefined, asOwner(), id)).json() as EvaluationRunDetail;
    const finished = (runId: string, id = chatbotId) =>
      until(
        `run ${runId}`,
        () => readRun(runId, id),
        (detail) => detail.run.status === 'done' || detail.run.status === 'failed',
      );
    // The Free plan's 3 chatbots: those a test makes for itself go when it ends.
    let scratch: string[] = [];
    const newChatbot = async (name: string) => {
      const created = await ctx().app.inject({ method: 'POST', url: '/api/chatbots', headers: asOwner(), payload: { name } });
      expect(created.statusCode, created.body).toBe(201);
      return (created.json() as { id: string }).id;
    };
    const scratchChatbot = async (name: string) => {
      const id = await newChatbot(name);
      scratch.push(id);
      return id;
    };
    afterEach(async () => {
      if (scratch.length > 0) await ctx().database.db.delete(chatbots).where(inArray(chatbots.id, scratch));
      scratch = [];
    });

    beforeAll(async () => {
      const c = ctx();
      team = await createTeam(c, 'Acme Rockets');
      chatbotId = await newChatbot('Rocket help');
      refundsId = await addReadySource(c, asOwner(), chatbotId, 'Refund policy', REFUNDS);
      shippingId = await addReadySource(c, asOwner(), chatbotId, 'Shipping', SHIPPING);
    }, 90_000);

    it('keeps a set of questions: added, listed newest first a page at a time, changed and deleted', async () => {
      const id = await scratchChatbot('Set keeping');
      const first = await addQuestion({ question: '  How long do refunds take?  ', expectedAnswer: ' Five working days. ' }, id);
      expect(first).toMatchObject({
        question: 'How long do refunds take?',
        expectedAnswer: 'Five working days.',
        expectedSourceId: null,
        expectedSourceName: null,
        shouldDecline: false,
        origin: 'typed',
        messageId: null,
        createdByName: expect.any(String),
      });
      const second = await addQuestion({ question: 'Do you sell moon boots?', shouldDecline: true, expectedAnswer: '' }, id);
      expect(second).toMatchObject({ shouldDecline: true, expectedAnswer: null });

      const page = (await call('GET', '/evaluation-questions?pageSize=1', undefined, asOwner(), id)).json() as EvaluationQuestionList;
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, remaining: 198 });
      expect(page.items.map((q) => q.id)).toEqual([second.id]);
      const next = (await call('GET', '/evaluation-questions?pageSize=1&page=2', undefined, asOwner(), id)).json() as EvaluationQuestionList;
      expect(next.items.map((q) => q.id)).toEqual([first.id]);

      const edited = await call(
        'PUT',
        `/evaluation-questions/${first.id}`,
        { question: 'How long do card refunds take?', expectedAnswer: null },
        asOwner(),
        id,
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ id: first.id, question: 'How long do card refunds take?', expectedAnswer: null, createdAt: first.createdAt });

      expect((await call('DELETE', `/evaluation-questions/${second.id}`, undefined, asOwner(), id)).json()).toEqual({ ok: true });
      expect((await call('DELETE', `/evaluation-questions/${second.id}`, undefined, asOwner(), id)).statusCode).toBe(404);
      expect((await call('PUT', `/evaluation-questions/${MISSING_ID}`, { question: 'x' }, asOwner(), id)).statusCode).toBe(404);
      expect(((await call('GET', '/evaluation-questions', undefined, asOwner(), id)).json() as EvaluationQuestionList).total).toBe(1);
    });

    it('refuses bad questions with a 400 naming the field, and changes nothing', async () => {
      const id = await scratchChatbot('Bad input');
      await addQuestion({ question: 'Already in the set' }, id);
      const cases: [unknown, RegExp][] = [
        [{}, /^question: Question is required$/],
        [{ question: '   ' }, /^question: Question is required$/],
        [{ question: 42 }, /^question: Question must be text$/],
        [{ question: 'x'.repeat(2001) }, /^question: Question must be at most 2000 characters$/],
        [{ question: 'ok', expectedAnswer: 'x'.repeat(4001) }, /^expectedAnswer: Expected answer must be at most 4000 characters$/],
        [{ question: 'ok', expectedAnswer: 7 }, /^expectedAnswer: Expected answer must be text$/],
        [{ question: 'ok', expectedSourceId: 'refunds' }, /^expectedSourceId: Expected source must be one of the chatbot’s sources$/],
        // A source of another chatbot.
        [{ question: 'ok', expectedSourceId: refundsId }, /^expectedSourceId: Expected source must be one of the chatbot’s sources$/],
        [{ question: 'ok', shouldDecline: 'yes' }, /^shouldDecline: shouldDecline must be true or false$/],
        [
          { question: 'ok', shouldDecline: true, expectedAnswer: 'Five days' },
          /^expectedAnswer: A question the chatbot should decline cannot expect an answer$/,
        ],
      ];
      for (const [payload, message] of cases) {
        const response = await call('POST', '/evaluation-questions', payload, asOwner(), id);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect((response.json() as { message: string }).message, JSON.stringify(payload)).toMatch(message);
      }
      const declining = await call('POST', '/evaluation-questions', { question: 'ok', shouldDecline: true, expectedSourceId: refundsId }, asOwner(), chatbotId);
      expect(declining.statusCode).toBe(400);
      expect((declining.json() as { message: string }).message).toBe('expectedSourceId: A question the chatbot should decline cannot expect a source');
      expect((await call('POST', '/evaluation-questions/from-message', { messageId: 'nope' }, asOwner(), id)).statusCode).toBe(400);
      expect((await call('GET', '/evaluation-questions?pageSize=101', undefined, asOwner(), id)).statusCode).toBe(400);
      expect((await call('GET', `/evaluation-runs/not-a-run`, undefined, asOwner(), id)).statusCode).toBe(400);
      expect(((await call('GET', '/evaluation-questions', undefined, asOwner(), id)).json() as EvaluationQuestionList).total).toBe(1);
    });

    it('runs the set as the chat would answer it, with progress, and scores each question and the whole', async () => {
      const c = ctx();
      // Not before there is a question.
      const empty = await call('POST', '/evaluation-runs', {});
      expect(empty.statusCode).toBe(409);
      expect((empty.json() as { message: string }).message).toBe('Add a question to the evaluation set before running it.');

      const right = await addQuestion({
        question: 'When is my refund paid back to the card?',
        expectedAnswer: 'Paid back to the original card within five working days.',
        expectedSourceId: refundsId,
      });
      const wrongSource = await addQuestion({ question: 'Where is the warehouse that ships the rockets?', expectedSourceId: refundsId });
      const decline = await addQuestion({ question: 'Do you sell moon boots?', shouldDecline: true });
      const wrongAnswer = await addQuestion({ question: 'How long does delivery to Europe take?', expectedAnswer: 'Overnight by courier drone.' });

      const traces = await chatTraces(c, chatbotId);
      const started = await call('POST', '/evaluation-runs', {});
      expect(started.statusCode, started.body).toBe(201);
      const run = started.json() as EvaluationRun;
      expect(run).toMatchObject({ status: 'queued', trigger: 'manual', summary: null, progress: { done: 0, total: 0 } });

      const seen: number[] = [];
      const detail = await until(
        'the run',
        async () => {
          const read = await readRun(run.id);
          seen.push(read.run.progress.done);
          return read;
        },
        (read) => read.run.status === 'done' || read.run.status === 'failed',
      );
      expect(detail.run.status, detail.run.error ?? '').toBe('done');
      expect(detail.run.progress).toEqual({ done: 4, total: 4 });
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(detail.run.startedAt).not.toBeNull();
      expect(detail.run.finishedAt).not.toBeNull();

      const byQuestion = new Map(detail.results.map((r) => [r.questionId, r]));
      // In the set's order, newest first.
      expect(detail.results.map((r) => r.questionId)).toEqual([wrongAnswer.id, decline.id, wrongSource.id, right.id]);
      expect(byQuestion.get(right.id)).toMatchObject({
        isEvaluated: true,
        retrievalHit: true,
        expectedSourceRank: 1,
        expectedSourceName: 'Refund policy',
        answered: true,
        answerCoverage: 1,
        isCorrect: true,
      });
      expect(byQuestion.get(right.id)!.answer).toContain('original card within five working days');
      expect(byQuestion.get(right.id)!.retrievedSourceIds[0]).toBe(refundsId);
      expect(byQuestion.get(right.id)!.citedSourceIds).toEqual([refundsId]);

      // Answered, from the shipping document: the expected source is not what it cites.
      const fromShipping = byQuestion.get(wrongSource.id)!;
      expect(fromShipping).toMatchObject({ answered: true, isCorrect: false, citedSourceIds: [shippingId] });
      expect(fromShipping.retrievedSourceIds[0]).toBe(shippingId);
      expect(fromShipping.retrievalHit).toBe(fromShipping.expectedSourceRank !== null);

      expect(byQuestion.get(decline.id)).toMatchObject({ answered: false, answer: NO_ANSWER_TEXT, isCorrect: true, retrievalHit: null });
      expect(byQuestion.get(wrongAnswer.id)).toMatchObject({ answered: true, answerCoverage: 0, isCorrect: false });

      const rate = (correct: number, counted: number) => ({ correct, counted, rate: correct / counted });
      expect(detail.run.summary).toEqual({
        retrieval: rate(fromShipping.retrievalHit ? 2 : 1, 2),
        answers: rate(1, 3),
        declines: rate(1, 1),
        overall: rate(2, 4),
      });

      // Not a chat: no conversation, message, metered tokens or analytics.
      expect(await chatTraces(c, chatbotId)).toEqual(traces);
      // Finished: the next one may start.
      expect((await call('GET', '/evaluation-runs')).json()).toMatchObject({ total: 1 });

      const runs = (await call('GET', '/evaluation-runs')).json() as EvaluationRunList;
      expect(runs.items[0]).toMatchObject({ id: run.id, status: 'done', summary: detail.run.summary });

      // A deleted question's results stay, as it was asked.
      expect((await call('DELETE', `/evaluation-questions/${wrongAnswer.id}`)).statusCode).toBe(200);
      const kept = await readRun(run.id);
      expect(kept.results[0]).toMatchObject({ questionId: null, question: 'How long does delivery to Europe take?', isCorrect: false });
    });

    it('runs by itself after a source is processed or deleted, reusing a run that is still waiting', async () => {
      const c = ctx();
      const before = ((await call('GET', '/evaluation-runs')).json() as EvaluationRunList).total;
      const returnsId = await addReadySource(c, asOwner(), chatbotId, 'Returns', RETURNS);
      const afterProcessing = await until(
        'the run after processing',
        async () => (await call('GET', '/evaluation-runs')).json() as EvaluationRunList,
        (list) => list.total > before,
      );
      expect(afterProcessing.total).toBe(before + 1);
      expect(afterProcessing.items[0]).toMatchObject({ trigger: 'training-data-changed' });
      expect((await finished(afterProcessing.items[0]!.id)).run.status).toBe('done');

      expect((await call('DELETE', `/sources/${returnsId}`)).statusCode).toBe(200);
      const afterDeleting = (await call('GET', '/evaluation-runs')).json() as EvaluationRunList;
      expect(afterDeleting.total).toBe(before + 2);
      expect(afterDeleting.items[0]).toMatchObject({ trigger: 'training-data-changed' });
      expect((await finished(afterDeleting.items[0]!.id)).run.status).toBe('done');

      // Debounced: while a run waits, every change reuses it. (A queue whose jobs nobody runs keeps it waiting.)
      const waitingBot = await scratchChatbot('Waiting');
      const deps = { db: c.database.db, jobs: heldQueue(), log: c.app.log };
      expect(await queueRunAfterTrainingChange(deps, { chatbotId: waitingBot })).toBeNull(); // no questions yet
      await addQuestion({ question: 'Anything?' }, waitingBot);
      const first = await queueRunAfterTrainingChange(deps, { chatbotId: waitingBot });
      expect(first).toEqual(expect.any(String));
      expect(await queueRunAfterTrainingChange(deps, { chatbotId: waitingBot })).toBe(first);
      const waiting = (await call('GET', '/evaluation-runs', undefined, asOwner(), waitingBot)).json() as EvaluationRunList;
      expect(waiting.items.map((r) => [r.id, r.status, r.trigger])).toEqual([[first, 'queued', 'training-data-changed']]);
      expect(deps.jobs.sent).toEqual([{ runId: first }]);
      // …and an owner's run waits for it, as it waits for one running.
      const busy = 'An evaluation of this chatbot is already waiting or running. Wait for it to finish.';
      const whileWaiting = await call('POST', '/evaluation-runs', {}, asOwner(), waitingBot);
      expect([whileWaiting.statusCode, (whileWaiting.json() as { message: string }).message]).toEqual([409, busy]);
      await c.database.db.update(evaluationRuns).set({ status: 'running' }).where(eq(evaluationRuns.chatbotId, waitingBot));
      const whileRunning = await call('POST', '/evaluation-runs', {}, asOwner(), waitingBot);
      expect([whileRunning.statusCode, (whileRunning.json() as { message: string }).message]).toEqual([409, busy]);
      // Running is not waiting: a change to the training data then queues the next run.
      const next = await queueRunAfterTrainingChange(deps, { chatbotId: waitingBot });
      expect(next).not.toBe(first);
      expect(deps.jobs.sent).toEqual([{ runId: first }, { runId: next }]);
    }, 120_000);

    it('adds the visitor’s question of an answer that got a thumbs-down', async () => {
      const c = ctx();
      const live = await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${chatbotId}`, headers: asOwner(), payload: { status: 'live' } });
      expect(live.statusCode, live.body).toBe(200);
      const visitorId = 'visitor_evaluation_1';
      const asked = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${chatbotId}/messages`,
        payload: { message: 'Can I pay for a rocket in instalments?', visitorId },
      });
      const meta = asked.body
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent)
        .find((event) => event.type === 'meta') as Extract<ChatStreamEvent, { type: 'meta' }>;
      const rated = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${chatbotId}/messages/${meta.messageId}/feedback`,
        payload: { visitorId, rating: 'down' },
      });
      expect(rated.statusCode, rated.body).toBe(200);

      const added = await call('POST', '/evaluation-questions/from-message', { messageId: meta.messageId });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({
        question: 'Can I pay for a rocket in instalments?',
        origin: 'conversation',
        messageId: meta.messageId,
        expectedAnswer: null,
        expectedSourceId: null,
        shouldDecline: false,
      });

      const twice = await call('POST', '/evaluation-questions/from-message', { messageId: meta.messageId });
      expect(twice.statusCode).toBe(409);
      expect((twice.json() as { message: string }).message).toBe('This answer’s question is already in the evaluation set.');
      // The visitor's own message is not an answer; another chatbot's answer is not found here.
      const [question] = await c.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.conversationId, meta.conversationId))
        .orderBy(messages.createdAt)
        .limit(1);
      expect((await call('POST', '/evaluation-questions/from-message', { messageId: question!.id })).statusCode).toBe(404);
      const elsewhere = await scratchChatbot('Elsewhere');
      expect((await call('POST', '/evaluation-questions/from-message', { messageId: meta.messageId }, asOwner(), elsewhere)).statusCode).toBe(404);
    });

    it('fails a run whose embedding provider is not set up, saying so', async () => {
      const c = ctx();
      const id = await scratchChatbot('Remote embeddings');
      await c.database.db
        .update(chatbots)
        .set({ embeddingProvider: 'openai', embeddingModel: 'text-embedding-3-small', embeddingDimensions: 1536 })
        .where(eq(chatbots.id, id));
      await addQuestion({ question: 'Anything?' }, id);
      const started = await call('POST', '/evaluation-runs', {}, asOwner(), id);
      expect(started.statusCode, started.body).toBe(201);
      const detail = await finished((started.json() as EvaluationRun).id, id);
      expect(detail.run).toMatchObject({
        status: 'failed',
        summary: null,
        error: 'The evaluation could not be completed: the chatbot’s AI provider is not set up on this server. Ask the system administrator.',
      });
      // A failed run does not hold the next one back.
      expect((await call('POST', '/evaluation-runs', {}, asOwner(), id)).statusCode).toBe(201);
    });

    it('is for the organization’s owners and admins: a member is refused, another organization finds no chatbot, nobody signed in is asked to', async () => {
      const question = await addQuestion({ question: 'Who may see this?' });
      const runId = ((await call('GET', '/evaluation-runs')).json() as EvaluationRunList).items[0]!.id;
      const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['GET', '/evaluation-questions'],
        ['POST', '/evaluation-questions', { question: 'Another?' }],
        ['PUT', `/evaluation-questions/${question.id}`, { question: 'Who may see this now?' }],
        ['POST', '/evaluation-questions/from-message', { messageId: MISSING_ID }],
        ['GET', '/evaluation-runs'],
        ['GET', `/evaluation-runs/${runId}`],
        ['POST', '/evaluation-runs', {}],
        ['DELETE', `/evaluation-questions/${question.id}`],
      ];
      const outsider = await createSignedInUser(ctx());
      for (const [method, path, payload] of routes) {
        const what = `${method} ${path}`;
        const member = await call(method, path, payload, inOrganization(team.member, team.organizationId));
        expect(member.statusCode, what).toBe(403);
        expect((member.json() as { message: string }).message, what).toBe(insufficientOrganizationRoleMessage('admin'));
        const elsewhere = await call(method, path, payload, { cookie: outsider.cookie });
        expect(elsewhere.statusCode, what).toBe(404);
        expect(elsewhere.body, what).not.toContain('Who may see this');
        expect((await call(method, path, payload, {})).statusCode, what).toBe(401);
        expect((await call(method, path, payload, asOwner(), MISSING_ID)).statusCode, what).toBe(404);
      }
      const asAdmin = inOrganization(team.admin, team.organizationId);
      expect((await call('GET', '/evaluation-questions', undefined, asAdmin)).statusCode).toBe(200);
      expect((await call('PUT', `/evaluation-questions/${question.id}`, { question: 'Admins may.' }, asAdmin)).statusCode).toBe(200);
      expect((await call('GET', `/evaluation-runs/${runId}`, undefined, asAdmin)).statusCode).toBe(200);
      expect((await call('DELETE', `/evaluation-questions/${question.id}`, undefined, asAdmin)).statusCode).toBe(200);
    });
  },
  {},
  { startBackgroundWork: true },
);

/** A job queue that stores nothing and runs nothing: the runs it is sent stay waiting. */
function heldQueue(): JobQueue & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    transaction: (db, _queues, write) =>
      db.transaction((tx) =>
        write(tx, async (_name, data) => {
          sent.push(data);
          return 'held';
        }),
      ),
  } as JobQueue & { sent: unknown[] };
}
