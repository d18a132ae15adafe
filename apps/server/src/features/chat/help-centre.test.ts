import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { beforeAll, expect, it } from 'vitest';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { HELP_CENTRE_ANSWERABLE, HELP_CENTRE_DOCUMENT, HELP_CENTRE_FOLLOW_UP, HELP_CENTRE_OFF_TOPIC } from '../../test/fixtures/help-centre';
import { describeEachDatabase } from '../../test/harness';
import { createTeam, inOrganization, type Team } from '../../test/teams';
import { addTextSource, waitForSourcesReady } from '../../test/training-data';

describeEachDatabase(
  'the built-in answerer on a help centre: the right section, declines off-topic questions, follows up',
  (ctx) => {
    let team: Team;
    let chatbotId: string;

    async function ask(message: string, conversationId?: string) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: `/api/chatbots/${chatbotId}/test-chat`,
        headers: inOrganization(team.owner, team.organizationId),
        payload: { message, ...(conversationId ? { conversationId } : {}) },
      });
      expect(response.statusCode, response.body).toBe(200);
      const events = response.body
        .split('\n\n')
        .filter((b) => b.startsWith('data: '))
        .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
      const text = events
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join('');
      const done = events.find((e) => e.type === 'done') as { answered: boolean; citations: unknown[] };
      const meta = events.find((e) => e.type === 'meta') as { conversationId: string };
      return { text, answered: done.answered, citations: done.citations, conversationId: meta.conversationId };
    }

    beforeAll(async () => {
      const c = ctx();
      team = await createTeam(c, 'Northwind');
      const headers = inOrganization(team.owner, team.organizationId);
      const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Northwind help' } });
      chatbotId = (created.json() as { id: string }).id;
      await addTextSource(c, headers, chatbotId, 'Help centre', HELP_CENTRE_DOCUMENT);
      await waitForSourcesReady(c, headers, chatbotId, 1);
    }, 90_000);

    it.each(HELP_CENTRE_ANSWERABLE)('answers "$question" from its own section', async ({ question, answer, not }) => {
      const reply = await ask(question);
      expect(reply.answered).toBe(true);
      expect(reply.text).toMatch(answer);
      if (not) expect(reply.text).not.toMatch(not);
      expect(reply.citations.length).toBeGreaterThan(0);
    });

    it.each(HELP_CENTRE_OFF_TOPIC)('declines "%s" without citing anything', async (question) => {
      const reply = await ask(question);
      expect(reply).toMatchObject({ answered: false, text: NO_ANSWER_TEXT, citations: [] });
    });

    it('reads a follow-up with the question before it', async () => {
      const first = await ask(HELP_CENTRE_FOLLOW_UP.first);
      const then = await ask(HELP_CENTRE_FOLLOW_UP.then, first.conversationId);
      expect(then.answered).toBe(true);
      expect(then.text).toMatch(HELP_CENTRE_FOLLOW_UP.answer);
    });
  },
  {},
  { startBackgroundWork: true },
);
