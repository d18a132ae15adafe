import type { ReembedResult } from '@parley/shared/contracts/knowledge-sources';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { chatbots, documentChunks } from '../../db/schema/index';
import { LOCAL_EMBEDDER_MODEL } from '../../rag/embedders/local';
import { MINILM_MODEL } from '../../rag/embedders/minilm/index';
import { describeEachDatabase } from '../../test/harness';
import { createTeam, inOrganization, type Team } from '../../test/teams';
import { addTextSource, waitForSourcesReady } from '../../test/training-data';

describeEachDatabase(
  're-embedding a chatbot with the built-in sentence-embedding model',
  (ctx) => {
    let team: Team;
    let chatbotId: string;
    const asOwner = () => inOrganization(team.owner, team.organizationId);

    beforeAll(async () => {
      const c = ctx();
      team = await createTeam(c, 'Re-embed');
      const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: asOwner(), payload: { name: 'Old bot' } });
      chatbotId = (created.json() as { id: string; embedding: { model: string } }).id;
      // A new chatbot gets the model; one made before it kept the hashing embedder, as this one is made to.
      expect((created.json() as { embedding: { model: string } }).embedding.model).toBe(MINILM_MODEL);
      await c.database.db.update(chatbots).set({ embeddingModel: LOCAL_EMBEDDER_MODEL }).where(eq(chatbots.id, chatbotId));
      const text = 'Refunds are paid back to the original card within five working days of the return arriving.';
      await addTextSource(c, asOwner(), chatbotId, 'Refunds', text);
      await waitForSourcesReady(c, asOwner(), chatbotId);
    }, 90_000);

    it('moves the chatbot to the model and embeds every source again, for owners and admins only', async () => {
      const c = ctx();
      const vectorsBefore = await c.database.db
        .select({ embedding: documentChunks.embedding })
        .from(documentChunks)
        .where(eq(documentChunks.chatbotId, chatbotId));
      const asMember = inOrganization(team.member, team.organizationId);
      expect((await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/re-embed`, headers: asMember })).statusCode).toBe(403);
      expect((await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/re-embed` })).statusCode).toBe(401);

      const response = await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/re-embed`, headers: asOwner() });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json() as ReembedResult).toEqual({ embedding: { provider: 'local', model: MINILM_MODEL, dimensions: 384 }, queued: 1 });
      await waitForSourcesReady(c, asOwner(), chatbotId);

      const [bot] = await c.database.db.select({ model: chatbots.embeddingModel }).from(chatbots).where(eq(chatbots.id, chatbotId));
      expect(bot?.model).toBe(MINILM_MODEL);
      const vectorsAfter = await c.database.db
        .select({ embedding: documentChunks.embedding })
        .from(documentChunks)
        .where(eq(documentChunks.chatbotId, chatbotId));
      expect(vectorsAfter).toHaveLength(vectorsBefore.length);
      expect(vectorsAfter[0]!.embedding).not.toEqual(vectorsBefore[0]!.embedding);

      const reply = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${chatbotId}/retrieval-test`,
        headers: asOwner(),
        payload: { query: 'When do I get my money back?' },
      });
      expect((reply.json() as { passages: { content: string }[] }).passages[0]?.content).toMatch(/Refunds are paid/);
    });
  },
  {},
  { startBackgroundWork: true },
);
