import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { knowledgeSources } from '../../db/schema/index';
import { startJobQueue } from '../../jobs/queue';
import { createLocalEmbedder } from '../../rag/embedders/local';
import type { Embedder } from '../../rag/embedders/types';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { INGEST_JOB } from '../knowledge-sources/service';
import { startIngestionWorker } from '../knowledge-sources/worker';

const settings = (changes: object) => ({ ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null, ...changes });

async function until(check: () => boolean | Promise<boolean>, withinMs: number, what: string) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The local embedder, held at the gate so the test sees how many documents are processed at once. */
function gatedEmbedder() {
  const local = createLocalEmbedder();
  const state = { inFlight: 0, peak: 0, waiting: [] as (() => void)[] };
  const embedder: Embedder = {
    ...local,
    async embed(texts, options) {
      state.inFlight += 1;
      state.peak = Math.max(state.peak, state.inFlight);
      await new Promise<void>((resolve) => state.waiting.push(resolve));
      state.inFlight -= 1;
      return local.embed(texts, options);
    },
  };
  const releaseAll = () => state.waiting.splice(0).forEach((release) => release());
  return { embedder, state, releaseAll };
}

describeEachDatabase('the ingestion worker follows the saved processing settings without a restart', (ctx) => {
  it('processes max_concurrent_processing_jobs documents at once, and follows a change live, up and down', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const owner = await createSignedInUser(c);
    const save = async (changes: object) => {
      const response = await c.app.inject({
        method: 'PUT',
        url: '/api/admin/system-configuration',
        headers: { cookie: admin.cookie },
        payload: settings(changes),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await save({ maxConcurrentProcessingJobs: 1 });
    const gate = gatedEmbedder();
    c.app.jobs = await startJobQueue(c.database, c.app.log);
    try {
      await startIngestionWorker(c.app, { embedderFor: () => gate.embedder });
      const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Busy' } })).json() as {
        id: string;
      };
      const addSources = async (prefix: string) => {
        for (const n of [1, 2, 3]) {
          const added = await c.app.inject({
            method: 'POST',
            url: `/api/chatbots/${bot.id}/sources/text`,
            headers: { cookie: owner.cookie },
            payload: { name: `${prefix} ${n}`, text: `Document ${prefix} ${n} says rockets fly to the moon and back.` },
          });
          expect(added.statusCode).toBe(201);
        }
      };
      const readyCount = async () =>
        (await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.chatbotId, bot.id))).filter((s) => s.status === 'ready').length;

      await addSources('first');
      await until(() => gate.state.inFlight === 1, 10_000, 'the first document');
      // Workers poll every second: give a second worker, were there one, time to start another document.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(gate.state.peak).toBe(1);

      await save({ maxConcurrentProcessingJobs: 3 });
      await until(() => gate.state.inFlight === 3, 10_000, 'three documents at once after the change');
      gate.releaseAll();
      await until(async () => (await readyCount()) === 3, 20_000, 'the first three documents');

      await save({ maxConcurrentProcessingJobs: 1 });
      // Let the extra workers stop (each after its current poll).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      gate.state.peak = 0;
      await addSources('second');
      await until(() => gate.state.inFlight === 1, 10_000, 'a document after lowering the limit');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(gate.state.peak).toBe(1);
      for (let done = 3; done < 6; done = await readyCount()) {
        gate.releaseAll();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(gate.state.peak).toBe(1);
    } finally {
      gate.releaseAll();
      await c.app.jobs.stop();
      c.app.jobs = null;
    }
  }, 90_000);

  it('gives each processing job the saved queue timeout as its run limit, not as its lease', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const owner = await createSignedInUser(c);
    await c.app.inject({
      method: 'PUT',
      url: '/api/admin/system-configuration',
      headers: { cookie: admin.cookie },
      payload: settings({ processingQueueTimeoutMinutes: 7 }),
    });
    c.app.jobs = await startJobQueue(c.database, c.app.log);
    try {
      const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Timeout' } })).json() as {
        id: string;
      };
      const added = (
        await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/sources/text`,
          headers: { cookie: owner.cookie },
          payload: { name: 'one', text: 'Rockets fly.' },
        })
      ).json() as { id: string };
      // The timeout travels with the job as its run limit; its lease stays the queue's short, renewed one (issue 40).
      const result = await c.database.executeSql(
        `SELECT (data->>'timeoutSeconds')::int AS seconds, extract(epoch FROM expire_in)::int AS lease FROM pgboss.job WHERE name = $1 AND data->>'sourceId' = $2`,
        [INGEST_JOB, added.id],
      );
      expect(result.rows[0]).toEqual({ seconds: 7 * 60, lease: 60 });
    } finally {
      await c.app.jobs.stop();
      c.app.jobs = null;
    }
  });
});
