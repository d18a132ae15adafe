import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { knowledgeSources } from '../../db/schema/index';
import { createLocalEmbedder } from '../../rag/embedders/local';
import { createAdmin } from '../../test/admin';
import { docxBomb, pdfBomb } from '../../test/bombs';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { processSource, type IngestDeps } from './ingest';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The admin sets the expansion bound in System Configuration, as an operator would. */
async function setExpansionBound(c: TestContext, megabytes: number) {
  const admin = await createAdmin(c, 'system_admin');
  const headers = { cookie: admin.cookie };
  const current = (await c.app.inject({ method: 'GET', url: '/api/admin/system-configuration', headers })).json() as Record<string, unknown>;
  const { updatedAt, updatedBy: _by, ...settings } = current;
  const saved = await c.app.inject({
    method: 'PUT',
    url: '/api/admin/system-configuration',
    headers,
    payload: { ...settings, maxExpandedDocumentMb: megabytes, expectedUpdatedAt: updatedAt },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A file source stored as queued, so the test drives processing itself. */
async function queuedFile(c: TestContext, name: string, mimeType: string, data: Buffer) {
  const owner = await createSignedInUser(c);
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Bombed' } })).json() as {
    id: string;
    organizationId: string;
  };
  const [source] = await c.database.db
    .insert(knowledgeSources)
    .values({ chatbotId: bot.id, organizationId: bot.organizationId, kind: 'file', name, mimeType, data, sizeBytes: data.byteLength })
    .returning();
  return source!;
}

describeEachDatabase('decompression bombs uploaded as documents (issue 40)', (ctx) => {
  const deps = (c: TestContext): IngestDeps => ({
    database: c.database,
    embedderFor: () => createLocalEmbedder({ dimensions: 384 }),
    fetchTimeoutMs: 2000,
    allowPrivateNetworks: true,
    log: c.app.log,
    meter: c.app.tokenMeter,
  });

  it('a .docx and a PDF expanding past System Configuration’s bound are refused with a clear message, and nothing is stored', async () => {
    const c = ctx();
    await setExpansionBound(c, 20);
    for (const [name, mimeType, data, message] of [
      ['handbook.docx', DOCX, await docxBomb(400), 'This file expands to more than 20 MB when read, the limit for documents. Upload a smaller file.'],
      ['prices.pdf', 'application/pdf', await pdfBomb(500), 'This PDF expands to more than 20 MB when read, the limit for documents. Upload a smaller file.'],
    ] as const) {
      const source = await queuedFile(c, name, mimeType, data);
      await expect(processSource(deps(c), { sourceId: source.id, version: source.version })).rejects.toThrow(message);
      const [after] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
      expect(after!.chunkCount).toBe(0);
      expect(after!.status).not.toBe('ready');
    }
  }, 120_000);
});
