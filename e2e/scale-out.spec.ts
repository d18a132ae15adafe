import { describe, expect } from 'vitest';
import { bootstrapAdmin, signUpAndConfirm } from './support/accounts';
import { DOCS_SCREENSHOT_DIR, screenshot } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { askForAPerson, openDemoWidget, sendInWidget } from './support/widget';
import { scaledOutUnavailableReason, startScaledOutDeployment } from './support/deployment';

const unavailable = await scaledOutUnavailableReason();
if (unavailable) console.warn(`\n[parley e2e] ${unavailable}: the browser test of the scaled-out deployment is skipped.\n`);

/** What a visitor's browser asks for: the demo page, the widget and the public API. The rest is the team's. */
const VISITOR_PATHS = /^\/(demo\/|widget|api\/public\/)/;

describe.skipIf(unavailable)('the scaled-out deployment in a browser: two api nodes and a worker on PostgreSQL and Redis', () => {
  test('a visitor on one api node and the owner on the other hand a conversation over, live, while the worker does the background work', async ({
    newContext,
  }) => {
    // The load balancer sends the visitor's requests to api-b and everything else to api-a, so every live update
    // between them crosses nodes (through Redis); the worker alone runs jobs (ingestion here; e-mail too with SMTP).
    const deployment = await startScaledOutDeployment({ 'api-a': 'api', 'api-b': 'api', worker: 'worker' }, ({ path }) =>
      VISITOR_PATHS.test(path) ? 'api-b' : 'api-a',
    );
    try {
      const { server, forwarded } = deployment;
      // Sign-up on api-a, which keeps the confirmation e-mail in its outbox and log (no SMTP here: with it, the worker
      // would send it); the link signs in on any node.
      const owner = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), server, { firstName: 'Ada', lastName: 'Lovelace' });
      expect(deployment.nodes.get('api-a')!.emails.map((e) => e.to)).toContain(owner.email);
      // The source is processed by the worker; api-a only queued it.
      const chatbotId = await createLiveChatbot(owner.page.request, server, {
        name: 'Acme Rockets',
        text: ACME_FAQ,
        appearance: { color: '#0f766e', position: 'bottom-right', title: 'Acme help', avatarUrl: null },
      });

      // The visitor, served by api-b, gets an answer from the chunks the worker wrote, then asks for a person.
      const visitor = await newContext({ viewport: { width: 1280, height: 800 } });
      const widget = await openDemoWidget(visitor, server.url, chatbotId, 'Acme help');
      const { page, log, pageErrors } = widget;
      await sendInWidget(page, 'How long do refunds take?');
      await log
        .getByText(/five working days/)
        .first()
        .waitFor();
      await askForAPerson(widget, 'Where is my order 42?');

      // The owner, on api-a, answers from the inbox; the visitor on api-b sees it live, and the reverse.
      await owner.page.goto(`${server.url}/dashboard/inbox`);
      const row = owner.page.getByTestId('handoff-row').first();
      await row.waitFor();
      await row.click();
      const conversation = owner.page.getByRole('region', { name: 'Conversation' });
      await conversation.getByText('Where is my order 42?').first().waitFor();
      const reply = owner.page.getByPlaceholder('Reply to join the conversation…');
      await reply.fill('Hi, Ada here. Order 42 left Rotterdam this morning.');
      await reply.press('Enter');
      await log.getByText('Hi, Ada here. Order 42 left Rotterdam this morning.').waitFor();
      await page.getByText("You're chatting with Ada").waitFor();
      await sendInWidget(page, 'Thank you, Ada!');
      await conversation.getByText('Thank you, Ada!').first().waitFor();
      expect(pageErrors).toEqual([]);

      // Each side's live stream and messages went to its own node, so the updates crossed between them.
      const served = (node: string, pattern: RegExp) => forwarded.some((entry) => entry.node === node && pattern.test(entry.path));
      expect(served('api-b', /^\/api\/public\/chatbots\/[^/]+\/(messages|handoff)/)).toBe(true);
      expect(served('api-a', /^\/api\/handoffs\//)).toBe(true);
      expect(forwarded.some((entry) => entry.node === 'worker')).toBe(false);

      // The operator's System Health, read through api-a, describes this deployment.
      await bootstrapAdmin(owner.page, server);
      await owner.page.goto(`${server.url}/admin`);
      // Past the once-per-session "Entering Admin Panel" splash.
      const splash = owner.page.getByTestId('admin-splash');
      await splash.waitFor();
      await splash.waitFor({ state: 'detached' });
      const health = owner.page.getByTestId('system-health');
      await health.getByText(/^PostgreSQL answered in/).waitFor();
      // Half precision where the server has pgvector (the deployment's own /api/health says which search it uses).
      const probe = (await (await owner.page.request.get(`${server.url}/api/health`)).json()) as { database: { vectorSearch: string } };
      if (probe.database.vectorSearch === 'pgvector') await health.getByText('pgvector with half-precision HNSW indexes').waitFor();
      await health.getByText(/queued, \d+ running/).waitFor();
      await health.getByText('2 api nodes and 1 worker node').waitFor();
      await health.getByText('Shared by every node: rate limits, caches and live updates').waitFor();
      await health.scrollIntoViewIfNeeded();
      await screenshot(owner.page, 'admin-system-health-scaled-out', { dir: DOCS_SCREENSHOT_DIR, fullPage: false });
      await visitor.close();
      await owner.context.close();
    } finally {
      await deployment.stop();
    }
  });
});
