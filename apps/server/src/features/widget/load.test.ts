import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { openTestDatabase, testConfig } from '../../test/harness';
import { runWidgetLoad, seedLoadChatbots } from '../../test/widget-load';

/**
 * The widget under load, briefly (bench/load-widget.ts runs the full minute against the built server): 200 visitors
 * asking questions at once over real HTTP get answers or the designed 429 with Retry-After, nothing else.
 */
describe('200 concurrent widget visitors', () => {
  let app: FastifyInstance;
  let database: Database;
  let dispose: () => Promise<void>;
  let baseUrl: string;
  let chatbotIds: string[];

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase('pglite'));
    // Behind a proxy (nginx in the reference deployment): each visitor's own address counts for the per-IP limit.
    app = await buildApp(testConfig({ TRUSTED_PROXY: '127.0.0.1' }), { database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    chatbotIds = await seedLoadChatbots(database.db, database.vectorSearch, 20);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('answers or refuses with 429 and Retry-After — no other error — for 10 seconds', async () => {
    // What this asserts is that every request is answered or refused as designed, not how fast (bench/load-widget.ts
    // measures that on a built server): in the suite, this process shares two cores with the other test files, and
    // a visitor that waits for its answer longer than a person would is slow, not wrong. So the visitors wait 90 s.
    const result = await runWidgetLoad({ baseUrl, chatbotIds, visitors: 200, durationMs: 10_000, forwardedFor: true, requestTimeoutMs: 90_000 });
    console.log(
      `widget load: ${result.visitors} visitors, ${result.answered} answers, ${result.rateLimited} × 429, p50 ${Math.round(result.latencyMs.p50)} ms, p95 ${Math.round(result.latencyMs.p95)} ms`,
    );
    expect(result.errors).toEqual([]);
    // How many get answered depends on the machine (bench/load-widget.ts measures it); here some must be.
    expect(result.answered).toBeGreaterThan(0);
  }, 180_000);

  it('refuses a visitor past the per-IP limit with 429 and Retry-After (the designed refusal the load test allows)', async () => {
    // Without X-Forwarded-For every visitor is 127.0.0.1 on one chatbot: 30 questions within the minute that starts
    // with the first, of which at most 20 are answered, however slowly the machine answers them.
    const result = await runWidgetLoad({ baseUrl, chatbotIds: [chatbotIds[0]!], visitors: 30, durationMs: 50_000, questionsPerVisitor: 1 });
    expect(result.errors).toEqual([]);
    expect(result.answered + result.rateLimited).toBe(30);
    expect(result.rateLimited).toBeGreaterThanOrEqual(10);
    expect(result.answered).toBeLessThanOrEqual(20);
  }, 60_000);
});
