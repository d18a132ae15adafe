import { insufficientOrganizationRoleMessage } from '@parley/shared/access';
import type { RetrievalTestResult } from '@parley/shared/contracts/retrieval-testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chatbots } from '../../db/schema/index';
import { startFakeOpenAI } from '../../rag/__fixtures__/fake-openai';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { createTeam, inOrganization, type Team } from '../../test/teams';
import { chatTraces, waitForSourcesReady } from '../../test/training-data';

const REFUNDS = 'Customers can ask for a refund within 30 days of purchase. Refunds are paid back to the original card within five working days.';
const SHIPPING = 'We ship rockets from our warehouse in Rotterdam. Delivery to Europe takes three days; other continents take about two weeks.';
// Each question below shares its words with one document only: whatever the scoring, that document ranks first.
const REFUND_QUESTION = 'When is my refund paid back to the card?';

// An OpenAI-compatible server that refuses every embedding request, as a provider that is down or misconfigured.
const provider = await startFakeOpenAI();
provider.handle('/v1/embeddings', (_request, response) => {
  response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model not found', type: 'invalid_request_error' } }));
});
afterAll(() => provider.close());

describeEachDatabase(
  'retrieval testing: the passages the chat would retrieve for a question, ranked',
  (ctx) => {
    let team: Team;
    let chatbotId: string;
    const asOwner = () => inOrganization(team.owner, team.organizationId);
    const test = (payload: unknown, headers: Record<string, string> = asOwner(), id = chatbotId) =>
      ctx().app.inject({ method: 'POST', url: `/api/chatbots/${id}/retrieval-test`, headers, payload: payload as object });

    beforeAll(async () => {
      const c = ctx();
      team = await createTeam(c, 'Acme Rockets');
      const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: asOwner(), payload: { name: 'Rocket help' } });
      expect(created.statusCode, created.body).toBe(201);
      chatbotId = (created.json() as { id: string }).id;
      for (const [name, text] of [
        ['Refund policy', REFUNDS],
        ['Shipping', SHIPPING],
      ]) {
        const added = await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/sources/text`, headers: asOwner(), payload: { name, text } });
        expect(added.statusCode, added.body).toBe(201);
      }
      await waitForSourcesReady(c, asOwner(), chatbotId, 2);
    }, 90_000);

    it('ranks the passage that answers the question first, with its source, text and score', async () => {
      const refunds = await test({ query: `  ${REFUND_QUESTION}  ` });
      expect(refunds.statusCode, refunds.body).toBe(200);
      const { passages } = refunds.json() as RetrievalTestResult;
      expect(passages.map((p) => p.sourceName)).toEqual(['Refund policy', 'Shipping']);
      expect(passages[0]).toMatchObject({ sourceId: expect.any(String), content: REFUNDS });
      expect(passages[0]!.score).toBeGreaterThan(passages[1]!.score);
      expect(Object.keys(passages[0]!).sort()).toEqual(['content', 'score', 'sourceId', 'sourceName']);

      const shipping = (await test({ query: 'Where is the warehouse that ships the rockets?' })).json() as RetrievalTestResult;
      expect(shipping.passages[0]).toMatchObject({ sourceName: 'Shipping', content: SHIPPING });
    });

    it('returns topK passages: the one asked for, else the chatbot’s own setting', async () => {
      expect(((await test({ query: REFUND_QUESTION, topK: 1 })).json() as RetrievalTestResult).passages.map((p) => p.sourceName)).toEqual(['Refund policy']);
      expect(((await test({ query: REFUND_QUESTION, topK: 50 })).json() as RetrievalTestResult).passages).toHaveLength(2);

      const patched = await ctx().app.inject({ method: 'PATCH', url: `/api/chatbots/${chatbotId}`, headers: asOwner(), payload: { retrievalTopK: 1 } });
      expect(patched.statusCode, patched.body).toBe(200);
      try {
        expect(((await test({ query: REFUND_QUESTION })).json() as RetrievalTestResult).passages).toHaveLength(1);
      } finally {
        await ctx().app.inject({ method: 'PATCH', url: `/api/chatbots/${chatbotId}`, headers: asOwner(), payload: { retrievalTopK: 5 } });
      }
    });

    it('refuses a missing, empty or too long question and a topK that is not a whole number from 1 to 50, naming the field', async () => {
      const cases: [unknown, RegExp][] = [
        [{}, /^query: Question is required$/],
        [{ query: '' }, /^query: Question is required$/],
        [{ query: '   ' }, /^query: Question is required$/],
        [{ query: 'x'.repeat(2001) }, /^query: Question must be at most 2000 characters$/],
        [{ query: 42 }, /^query: Question must be text$/],
        [{ query: 'refunds', topK: 0 }, /^topK: topK must be a whole number from 1 to 50$/],
        [{ query: 'refunds', topK: 51 }, /^topK: topK must be a whole number from 1 to 50$/],
        [{ query: 'refunds', topK: 2.5 }, /^topK: topK must be a whole number from 1 to 50$/],
        [{ query: 'refunds', topK: '5' }, /^topK: topK must be a whole number from 1 to 50$/],
        [{ query: 'refunds', topK: null }, /^topK: topK must be a whole number from 1 to 50$/],
      ];
      for (const [payload, message] of cases) {
        const response = await test(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect((response.json() as { message: string }).message, JSON.stringify(payload)).toMatch(message);
      }
      // 2,000 characters is still a question.
      expect((await test({ query: `refunds ${'x'.repeat(1992)}` })).statusCode).toBe(200);
    });

    it('is for the organization’s owners and admins: a member is refused, another organization finds no chatbot, nobody signed in is asked to', async () => {
      const query = { query: REFUND_QUESTION };
      expect((await test(query, inOrganization(team.owner, team.organizationId))).statusCode).toBe(200);
      expect((await test(query, inOrganization(team.admin, team.organizationId))).statusCode).toBe(200);

      const member = await test(query, inOrganization(team.member, team.organizationId));
      expect(member.statusCode).toBe(403);
      expect((member.json() as { message: string }).message).toBe(insufficientOrganizationRoleMessage('admin'));

      const outsider = await createSignedInUser(ctx());
      const elsewhere = await test(query, { cookie: outsider.cookie });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body).not.toContain('refund');

      expect((await test(query, {})).statusCode).toBe(401);
      expect((await test(query, asOwner(), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await test(query, asOwner(), 'not-an-id')).statusCode).toBe(400);
    });

    it('is not a chat: no conversation, message, metered tokens or analytics', async () => {
      const c = ctx();
      const before = await chatTraces(c, chatbotId);
      // Processing the documents metered their embedding tokens; nothing else has happened to this chatbot.
      expect(before).toMatchObject({ conversations: 0, messages: 0, chatStats: 0, questionStats: 0 });
      for (let i = 0; i < 3; i += 1) expect((await test({ query: REFUND_QUESTION })).statusCode).toBe(200);
      expect(await chatTraces(c, chatbotId)).toEqual(before);
    });

    it('answers 503 with what to fix when the chatbot’s embedding provider cannot be used or fails, never a 500', async () => {
      const c = ctx();
      const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: asOwner(), payload: { name: 'Remote embeddings' } });
      const remoteId = (created.json() as { id: string }).id;
      const embedWith = (embeddingProvider: string, embeddingModel: string, embeddingDimensions: number) =>
        c.database.db.update(chatbots).set({ embeddingProvider, embeddingModel, embeddingDimensions }).where(eq(chatbots.id, remoteId));

      // No OpenAI key anywhere: not set up on this server.
      await embedWith('openai', 'text-embedding-3-small', 1536);
      const noKey = await test({ query: REFUND_QUESTION }, asOwner(), remoteId);
      expect(noKey.statusCode, noKey.body).toBe(503);
      expect((noKey.json() as { message: string }).message).toBe(
        'The retrieval test could not be completed: the chatbot’s embedding provider is not set up on this server. Ask the system administrator.',
      );

      // A server that refuses the request: a general message; its answer stays in the log.
      await embedWith('openai-compatible', 'missing-model', 768);
      const refused = await test({ query: REFUND_QUESTION }, asOwner(), remoteId);
      expect(refused.statusCode, refused.body).toBe(503);
      expect((refused.json() as { message: string }).message).toBe(
        'The retrieval test could not be completed: the chatbot’s embedding provider did not answer. Please try again.',
      );
      expect(refused.body).not.toContain('model not found');
      expect(provider.requests.some((r) => r.path === '/v1/embeddings' && r.body.model === 'missing-model')).toBe(true);
    });
  },
  { OPENAI_COMPATIBLE_BASE_URL: provider.baseURL },
  { startBackgroundWork: true },
);
