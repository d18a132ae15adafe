import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { webhookConfigs } from '../../db/schema/index';
import { freePort } from '../../test/free-port';
import { createPostgresDatabase, pgliteTemplates, testConfig } from '../../test/harness';
import { insertModelAnsweredChatbot } from '../../test/model-answered-chatbot';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { webhookSecretBox } from '../webhooks/signing';

/**
 * Issue 38: "No answer, usage row, analytics count or webhook is lost or doubled when the server is killed with
 * SIGKILL under load." The built server, on each database, answers visitors eight at a time through a local
 * OpenAI-compatible model that takes a few milliseconds; it is killed with SIGKILL in the middle. Then every answer a
 * visitor received is stored, and every stored turn has exactly its usage rows, rollup counts, webhook events and
 * request log row: a turn is one transaction, stored whole or not at all.
 */
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/main.js');
const built = existsSync(SERVER);
if (!built) console.warn('\n[parley tests] the server is not built (npm run build): the chat kill -9 tests are skipped.\n');
const postgresUrl = inject('postgresUrl');

const SECRET = 'chat-kill-test-secret-key-0123456789abcdef';
const DOCUMENT = 'Refunds are paid back to the original card within five working days. Orders inside the EU are shipped within two working days.';
const CLIENTS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for the model provider: OpenAI's streamed chat completion, after a few milliseconds. */
async function startModel() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null = null) =>
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.end(chunk({ role: 'assistant', content: 'Refunds take ' }) + chunk({ content: 'five working days [1].' }) + chunk({}, 'stop') + 'data: [DONE]\n\n');
      }, 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The events of one widget answer, read to the end (null when the connection broke first). */
async function ask(url: string, body: object, n: number): Promise<{ conversationId: string; messageId: string } | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; conversationId?: string; messageId?: string });
    const meta = events.find((e) => e.type === 'meta');
    return meta && events.some((e) => e.type === 'done') ? { conversationId: meta.conversationId!, messageId: meta.messageId! } : null;
  } catch {
    return null;
  }
}

/** The counts that must agree, read from the tables. */
async function ledgerOf(database: Database) {
  const rows = async (text: string) => (await database.executeSql(text)).rows as Record<string, string | number | null>[];
  const one = async (text: string) => Number(Object.values((await rows(text))[0] ?? {})[0] ?? 0);
  return {
    conversations: await one('SELECT count(*) FROM conversations'),
    wrongMessageCounts: await one(
      'SELECT count(*) FROM conversations c WHERE c.message_count <> (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id)',
    ),
    userMessages: await one("SELECT count(*) FROM messages WHERE role = 'user'"),
    answers: await one("SELECT count(*) FROM messages WHERE role = 'assistant'"),
    answered: await one("SELECT count(*) FROM messages WHERE role = 'assistant' AND outcome = 'answered'"),
    unpairedAnswers: await one(
      "SELECT count(*) FROM messages a WHERE a.role = 'assistant' AND (SELECT count(*) FROM messages q WHERE q.conversation_id = a.conversation_id AND q.role = 'user') <> (SELECT count(*) FROM messages b WHERE b.conversation_id = a.conversation_id AND b.role = 'assistant')",
    ),
    messageTokens: await one('SELECT coalesce(sum(tokens), 0) FROM messages'),
    usageRows: await one('SELECT count(*) FROM usage_ledger WHERE message_id IS NOT NULL'),
    usageRowsOfMissingMessages: await one('SELECT count(*) FROM usage_ledger u WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = u.message_id)'),
    usageDuplicates: await one('SELECT count(*) FROM (SELECT message_id FROM usage_ledger GROUP BY message_id HAVING count(*) > 1) d'),
    usageTokens: await one('SELECT coalesce(sum(tokens), 0) FROM usage_ledger'),
    monthCounter: await one('SELECT coalesce(sum(tokens), 0) FROM organization_usage_months'),
    statsConversations: await one('SELECT coalesce(sum(conversations), 0) FROM chat_stats_hourly'),
    statsQuestions: await one('SELECT coalesce(sum(questions), 0) FROM chat_stats_hourly'),
    statsAnswered: await one('SELECT coalesce(sum(answered), 0) FROM chat_stats_hourly'),
    statsTokens: await one('SELECT coalesce(sum(tokens), 0) FROM chat_stats_hourly'),
    questionStats: await one('SELECT coalesce(sum(asked), 0) FROM question_stats_daily'),
    questionsWithKey: await one("SELECT count(*) FROM messages WHERE role = 'user' AND question_key IS NOT NULL"),
    conversationEvents: await one("SELECT count(*) FROM webhook_events WHERE type = 'conversation.started'"),
    messageEvents: await one("SELECT count(*) FROM webhook_events WHERE type = 'message.created'"),
    requestLogRows: await one("SELECT count(*) FROM api_requests WHERE route = '/api/public/chatbots/:id/messages' AND status_code = 200 AND tokens > 0"),
    eventsWithoutDelivery: await one('SELECT count(*) FROM webhook_events e WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)'),
    storedIds: new Set((await rows("SELECT id FROM messages WHERE role = 'assistant'")).map((row) => String(row.id))),
  };
}

for (const driver of ['pglite', 'postgres'] as const) {
  const reason = !built ? 'the server is not built' : driver === 'postgres' && !postgresUrl ? String(inject('postgresSkipReason')) : '';
  describe.skipIf(!!reason)(`chat turns when the server is killed with SIGKILL under load [${driver}]`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-chat-kill-'));
    const children: ChildProcess[] = [];
    let dropDatabase: (() => Promise<void>) | undefined;
    let receiver: WebhookReceiver | undefined;
    let model: Awaited<ReturnType<typeof startModel>> | undefined;
    afterAll(async () => {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await receiver?.close();
      await model?.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('stores every answer a visitor received, and each stored turn once with its usage, counts and events', async () => {
      model = await startModel();
      receiver = await startWebhookReceiver();
      let databaseUrl: string | undefined;
      if (driver === 'postgres') {
        const created = await createPostgresDatabase();
        databaseUrl = created.url;
        dropDatabase = created.drop;
      }
      const open = () => openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { pgliteDir: path.join(dataDir, 'pglite'), ...pgliteTemplates() });

      // The rows, written before the server starts (the embedded database serves one process at a time).
      let database = await open();
      const seeding = await buildApp(testConfig({ DATA_DIR: dataDir, PARLEY_SECRET_KEY: SECRET }), { database, logger: false, startBackgroundWork: false });
      await seeding.ready();
      const { db } = seeding;
      const { organizationId, chatbot } = await insertModelAnsweredChatbot(database, {
        tier: 'kill-test',
        name: 'Kill test',
        document: DOCUMENT,
        modelName: 'm',
      });
      await db.insert(webhookConfigs).values({
        organizationId,
        name: 'Every turn',
        url: receiver.url,
        eventTypes: ['conversation.started', 'message.created'],
        secretEncrypted: webhookSecretBox(SECRET).encrypt('whsec_a2lsbC10ZXN0LXNpZ25pbmctc2VjcmV0'),
        secretHint: 'whsec_…',
      });
      await seeding.close();
      await database.close();

      const port = await freePort();
      const child = spawn(process.execPath, [SERVER], {
        env: {
          PATH: process.env.PATH ?? '',
          PARLEY_SECRET_KEY: SECRET,
          DATA_DIR: dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          OPENAI_COMPATIBLE_BASE_URL: model.url,
          TRUSTED_PROXY: '127.0.0.1',
          ALLOW_PRIVATE_FETCH: 'true',
          SEED_CATALOGUE: 'false',
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const output: string[] = [];
      child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const base = `http://127.0.0.1:${port}`;
      for (let tries = 0; ; tries += 1) {
        if (
          (await fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          )) === 200
        )
          break;
        if (tries > 1200 || child.exitCode !== null) throw new Error(`the server did not start:\n${output.join('')}`);
        await sleep(50);
      }

      // Eight visitors ask and ask again in their conversation until the server is killed in the middle of it.
      const url = `${base}/api/public/chatbots/${chatbot.id}/messages`;
      const received: { conversationId: string; messageId: string }[] = [];
      let stop = false;
      let n = 0;
      const visitors = Array.from({ length: CLIENTS }, async (_, v) => {
        let conversationId: string | undefined;
        while (!stop) {
          const answer = await ask(
            url,
            { message: 'How long do refunds take?', visitorId: `visitor-${v}`, ...(conversationId ? { conversationId } : {}) },
            n++,
          );
          if (!answer) continue;
          received.push(answer);
          // Every third answer the visitor starts over: new conversations are created under load too.
          conversationId = received.length % 3 === 0 ? undefined : answer.conversationId;
        }
      });
      const deadline = Date.now() + 60_000;
      while (received.length < 60 && Date.now() < deadline) await sleep(20);
      expect(received.length, output.join('')).toBeGreaterThanOrEqual(60);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      stop = true;
      await Promise.all(visitors);

      database = await open();
      try {
        const counts = await ledgerOf(database);
        // Not lost: every answer a visitor was sent in full is stored.
        expect(received.filter((answer) => !counts.storedIds.has(answer.messageId))).toEqual([]);
        // Not doubled, not half-written: each stored turn has both messages, its usage rows, counts and events.
        expect(counts.wrongMessageCounts).toBe(0);
        expect(counts.unpairedAnswers).toBe(0);
        expect(counts.userMessages).toBe(counts.answers);
        expect(counts.answered).toBe(counts.answers);
        expect(counts.usageRows).toBe(counts.userMessages + counts.answers);
        expect(counts.usageRowsOfMissingMessages).toBe(0);
        expect(counts.usageDuplicates).toBe(0);
        expect(counts.usageTokens).toBe(counts.messageTokens);
        expect(counts.monthCounter).toBe(counts.usageTokens);
        expect(counts.statsConversations).toBe(counts.conversations);
        expect(counts.statsQuestions).toBe(counts.answers);
        expect(counts.statsAnswered).toBe(counts.answered);
        expect(counts.statsTokens).toBe(counts.messageTokens);
        expect(counts.questionStats).toBe(counts.questionsWithKey);
        expect(counts.conversationEvents).toBe(counts.conversations);
        expect(counts.messageEvents).toBe(counts.userMessages + counts.answers);
        expect(counts.eventsWithoutDelivery).toBe(0);
        // The request log too: each turn's row is written in the turn's statement, not from a buffer a kill loses.
        expect(counts.requestLogRows).toBe(counts.answers);
        expect(counts.answers).toBeGreaterThanOrEqual(received.length);
      } finally {
        await database.close();
      }
    }, 180_000);
  });
}
