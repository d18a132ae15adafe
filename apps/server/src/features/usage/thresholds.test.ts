import type { WebhookPayload } from '@parley/shared/contracts/webhooks';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  chatbots,
  organizationAlerts,
  organizations,
  subscriptionTierLimits,
  tokenCredits,
  usageLedger,
  webhookConfigs,
  webhookEvents,
} from '../../db/schema/index';
import { startJobQueue } from '../../jobs/queue';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { USAGE_THRESHOLD_EMAIL_JOB, type UsageThresholdEmailJob } from './threshold-emails';
import { noticeUsageThresholds } from './thresholds';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { creditTokens } from '../../services/token-ledger';

/** An organization on a tier of 1,000 tokens a month, with a webhook configuration that listens to usage.threshold_reached. */
async function meteredOrganization(c: TestContext) {
  const { db } = c.database;
  const owner = await createSignedInUser(c);
  const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } });
  const organizationId = (me.json() as { organizations: { id: string }[] }).organizations[0]!.id;
  const tier = `thresholds-${organizationId.slice(0, 8)}`;
  await db.insert(subscriptionTierLimits).values({ tier, displayName: 'Thousand', monthlyTokenLimit: 1000, maxChatbots: 1 });
  await db.update(organizations).set({ tier }).where(eq(organizations.id, organizationId));
  await db.insert(webhookConfigs).values({
    organizationId,
    name: 'Usage',
    url: 'https://hooks.example.com/usage',
    eventTypes: ['usage.threshold_reached'],
    secretEncrypted: 'not used: nothing is delivered here',
    secretHint: 'abcd',
  });
  return organizationId;
}

describeEachDatabase('usage thresholds: one reading of the month for the e-mails and the webhook events', (ctx) => {
  it('a metered use past 80% claims the e-mail and the webhook notice together, from one sum; the next use claims nothing again', async () => {
    const c = ctx();
    const { db } = c.database;
    const organizationId = await meteredOrganization(c);
    const jobs = await startJobQueue(c.database, c.app.log);
    try {
      const meter = (tokens: number) =>
        db.transaction(async (tx) => {
          await tx.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens });
          return noticeUsageThresholds(tx, { jobs }, organizationId);
        });
      expect(await meter(799)).toEqual([]);
      expect((await meter(1)).sort()).toEqual(['email_usage_threshold_80', 'webhook_usage_threshold_80']);
      expect(await meter(10)).toEqual([]);
      expect((await meter(190)).sort()).toEqual(['email_usage_threshold_100', 'webhook_usage_threshold_100']);
      expect(await meter(10)).toEqual([]);

      const mails = (await db.execute(sql`SELECT data FROM pgboss.job WHERE name = ${USAGE_THRESHOLD_EMAIL_JOB} ORDER BY created_on`)) as unknown as {
        rows: { data: UsageThresholdEmailJob }[];
      };
      expect(mails.rows.filter((row) => row.data.organizationId === organizationId).map((row) => [row.data.threshold, row.data.used])).toEqual([
        [80, 800],
        [100, 1000],
      ]);
      const events = await db
        .select({ payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.organizationId, organizationId), eq(webhookEvents.type, 'usage.threshold_reached')));
      expect(
        events
          .map((row) => (JSON.parse(row.payload) as WebhookPayload<'usage.threshold_reached'>).data)
          .map((data) => [data.threshold, data.tokens.used])
          .sort(),
      ).toEqual([
        [100, 1000],
        [80, 800],
      ]);
    } finally {
      await jobs.stop();
    }
  });

  it('with the limit check’s figures, a use that stays below 80% reads and claims nothing; one that reaches it claims', async () => {
    const c = ctx();
    const { db } = c.database;
    const organizationId = await meteredOrganization(c);
    const claims = async () =>
      db.select({ kind: organizationAlerts.kind }).from(organizationAlerts).where(eq(organizationAlerts.organizationId, organizationId));
    // Another node's answers took the month to 850 while this one read 700 before answering: this answer's figures
    // (700 + 50) are below 80%, so it reads nothing and the threshold waits for the next answer.
    await db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 850 });
    const notice = (usedBefore: number, metered: number) =>
      db.transaction((tx) => noticeUsageThresholds(tx, {}, organizationId, { use: { usedBefore, limit: 1000, metered } }));
    expect(await notice(700, 50)).toEqual([]);
    expect(await claims()).toEqual([]);
    // The next answer read 850 before it: the threshold is claimed, with the month's real sum.
    expect(await notice(850, 20)).toEqual(['webhook_usage_threshold_80']);
    expect(await claims()).toEqual([{ kind: 'webhook_usage_threshold_80' }]);
    // The figures only decide whether to look: what is claimed follows the month's real sum (850, below 100%).
    expect(await notice(5_000, 5_000)).toEqual([]);
    // Unlimited: nothing is ever due.
    expect(await db.transaction((tx) => noticeUsageThresholds(tx, {}, organizationId, { use: { usedBefore: 5_000, limit: -1, metered: 10 } }))).toEqual([]);
  });

  it('a turn written without a transaction, whose month another node took past 80% and the limit meanwhile, is written again with the notices and the overage (decisions/0055)', async () => {
    const c = ctx();
    const { db } = c.database;
    const organizationId = await meteredOrganization(c);
    await creditTokens(db, { organizationId, tokens: 100_000, reason: 'purchase', reference: `purchase:thresholds:${organizationId}` });
    const [chatbot] = await db
      .insert(chatbots)
      .values({
        organizationId,
        name: 'Guarded bot',
        systemPrompt: 'Answer from the documents.',
        status: 'live',
        appearance: { color: '#2563eb', position: 'bottom-right', title: 'Support', avatarUrl: null },
      })
      .returning();
    // Another node's answers: once this turn checked the limit (nothing used yet, far below 80%) and before its
    // statement runs, the month reaches 950 of 1,000.
    let moved = false;
    c.app.chatTurns.subscribe({
      name: `another node ${organizationId}`,
      async write(writer, turn) {
        if (turn.chatbot.organizationId !== organizationId || moved) return null;
        moved = true;
        await writer.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 950 });
        return null;
      },
    });
    const answer = await c.app.inject({
      method: 'POST',
      url: `/api/public/chatbots/${chatbot!.id}/messages`,
      payload: { message: 'What do you know about rockets?' },
    });
    const done = answer.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent)
      .find((event) => event.type === 'done') as Extract<ChatStreamEvent, { type: 'done' }>;
    expect(moved).toBe(true);
    expect(done.tokens).toBeGreaterThan(50);
    const used = 950 + done.tokens;
    const taken = await db
      .select({ tokens: tokenCredits.tokens })
      .from(tokenCredits)
      .where(and(eq(tokenCredits.organizationId, organizationId), eq(tokenCredits.reason, 'overage_taken')));
    expect(taken.map((row) => row.tokens)).toEqual([-(used - 1000)]);
    const claims = await db.select({ kind: organizationAlerts.kind }).from(organizationAlerts).where(eq(organizationAlerts.organizationId, organizationId));
    expect(claims.map((row) => row.kind).sort()).toEqual(['webhook_usage_threshold_100', 'webhook_usage_threshold_80']);
    // The turn itself is stored once.
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageLedger)
      .where(eq(usageLedger.chatbotId, chatbot!.id));
    expect(counted?.n).toBe(2);
  });
});
