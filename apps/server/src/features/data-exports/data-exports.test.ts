import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataExport } from '@parley/shared/contracts/data-exports';
import { DATA_EXPORTS_PER_DAY, DATA_EXPORTS_READY_MAX } from '@parley/shared/constants';
import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index';
import { vectorLiteral } from '../../db/vector';
import {
  customerApiKeys,
  dataExportParts,
  dataExports,
  documentChunks,
  handoffs,
  knowledgeSources,
  organizationInvitations,
  organizationMembers,
  usageLedger,
  webhookConfigs,
} from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { seedConversation } from '../analytics/test-fixtures';
import { dataExportDeps, runDataExport, sweepDataExports } from './job';
import { DATA_EXPORT_MESSAGES } from './service';
import { TABLES_IN_ARCHIVE_SECTIONS, TABLES_NOT_EXPORTED, tableExports, tableName } from './tables';

/**
 * Every table holding an organization's data, read from the schema: one with an organization_id column, or with a
 * required reference to such a table (messages through conversations, say).
 */
function organizationTables(): string[] {
  const configs = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)).map((table) => getTableConfig(table));
  const scoped = new Set(configs.filter((c) => c.columns.some((column) => column.name === 'organization_id')).map((c) => c.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const config of configs) {
      if (scoped.has(config.name)) continue;
      const required = config.foreignKeys.some((fk) => {
        const reference = fk.reference();
        return scoped.has(getTableConfig(reference.foreignTable).name) && reference.columns.every((column) => column.notNull);
      });
      if (required) {
        scoped.add(config.name);
        grew = true;
      }
    }
  }
  return [...scoped].sort();
}

describe('the export archive covers the schema', () => {
  it('every organization table is exported or deliberately left out, with a reason', () => {
    const exported = [...TABLES_IN_ARCHIVE_SECTIONS, ...tableExports({} as never).map((spec) => tableName(spec.table))];
    const excluded = Object.keys(TABLES_NOT_EXPORTED);
    expect(new Set(exported).size, 'a table is exported twice').toBe(exported.length);
    expect(exported.filter((name) => excluded.includes(name))).toEqual([]);
    const tables = organizationTables();
    expect(tables.length).toBeGreaterThan(30);
    for (const table of tables) {
      expect([...exported, ...excluded], `${table}: add it to the archive (data-exports/tables.ts) or to TABLES_NOT_EXPORTED`).toContain(table);
    }
    // The lists name only real organization tables.
    for (const name of [...exported, ...excluded]) expect(tables, name).toContain(name);
  });
});

interface ArchiveRead {
  names: string[];
  bad: string | null;
  files: Record<string, string>;
}

/** The archive as Python's zipfile reads it (every CRC tested), with the text of its text files. */
function readArchive(archive: Buffer): ArchiveRead {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-export-')), 'export.zip');
  writeFileSync(file, archive);
  const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
files = {n: z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.endswith((".json", ".jsonl", ".txt", ".md"))}
print(json.dumps({"names": z.namelist(), "bad": z.testzip(), "files": files}))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as ArchiveRead;
}

async function organizationOf(c: TestContext, cookie: string): Promise<string> {
  const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (me.json() as { organizations: { id: string }[] }).organizations[0]!.id;
}

async function waitForExport(c: TestContext, headers: Record<string, string>, id: string): Promise<DataExport> {
  for (let i = 0; i < 200; i += 1) {
    const response = await c.app.inject({ method: 'GET', url: `/api/data-exports/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json() as DataExport;
    if (row.status === 'done' || row.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('export did not finish');
}

describeEachDatabase('organization data export: a ZIP built in the background, read back', (ctx) => {
  it('contains the organization’s chatbots, documents (original and text) and conversations, and no key secrets', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Help Desk' } });
    expect(created.statusCode, created.body).toBe(201);
    const botId = (created.json() as { id: string }).id;
    // Training data as the upload routes store it (processing needs the job queue, which these tests do not run).
    await db.insert(knowledgeSources).values([
      {
        chatbotId: botId,
        organizationId,
        kind: 'text',
        name: 'Returns policy',
        mimeType: 'text/plain',
        data: Buffer.from('Items can be returned within 30 days of delivery.'),
        sizeBytes: 49,
      },
      {
        chatbotId: botId,
        organizationId,
        kind: 'file',
        name: 'shipping.md',
        mimeType: 'text/markdown',
        data: Buffer.from('# Shipping\n\nWe ship to 40 countries in 3 to 5 days.\n'),
        sizeBytes: 52,
      },
    ]);
    // A web page (not kept: its indexed text is exported) being processed again: its chunks, and a newer processing's
    // chunks still being written (decisions/0033-ingestion-without-stalling-the-server.md), which are not the page's yet.
    const [page] = await db
      .insert(knowledgeSources)
      .values({ chatbotId: botId, organizationId, kind: 'url', name: 'Opening hours', sourceUrl: 'https://shop.example.com/hours', status: 'processing' })
      .returning();
    const [published, unfinished] = [randomUUID(), randomUUID()];
    await db.update(knowledgeSources).set({ chunksWriteId: published }).where(eq(knowledgeSources.id, page!.id));
    const vector = vectorLiteral(
      c.database.vectorSearch,
      Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)),
    ) as unknown as number[];
    const chunk = (writeId: string, content: string) => ({
      sourceId: page!.id,
      chatbotId: botId,
      writeId,
      chunkIndex: 0,
      content,
      tokenCount: 8,
      embedding: vector,
      embeddingDimensions: 384,
    });
    await db.insert(documentChunks).values([chunk(published, 'The shop opens at nine.'), chunk(unfinished, 'The shop opens at ten.')]);
    const conversationId = await seedConversation(db, {
      organizationId,
      chatbotId: botId,
      channel: 'widget',
      startedAt: '2026-11-01T10:00:00Z',
      messages: [
        { role: 'user', at: '2026-11-01T10:00:01Z', content: 'Can I return my order?' },
        { role: 'assistant', at: '2026-11-01T10:00:02Z', content: 'Yes, within 30 days.', outcome: 'answered' },
      ],
    });
    await db.insert(handoffs).values({ organizationId, chatbotId: botId, conversationId, reason: 'visitor_request', lastMessagePreview: 'hello' });
    await db.insert(customerApiKeys).values({ organizationId, name: 'Website', prefix: 'pk_live_abc', keyHash: 'f00dfeedsecrethashvalue' });

    const started = await c.app.inject({ method: 'POST', url: '/api/data-exports', headers: { cookie: owner.cookie } });
    expect(started.statusCode, started.body).toBe(202);
    const queued = started.json() as DataExport;
    expect(queued).toMatchObject({
      status: 'queued',
      progress: 0,
      fileName: expect.stringMatching(/^parley-export-personal-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/),
    });

    const done = await waitForExport(c, { cookie: owner.cookie }, queued.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, stage: 'Ready', error: null, requestedBy: 'Ada Lovelace' });
    expect(new Date(done.expiresAt!).getTime() - new Date(done.completedAt!).getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    const listed = await c.app.inject({ method: 'GET', url: '/api/data-exports', headers: { cookie: owner.cookie } });
    expect((listed.json() as { items: DataExport[] }).items.map((e) => e.id)).toEqual([queued.id]);

    const download = await c.app.inject({ method: 'GET', url: `/api/data-exports/${queued.id}/download`, headers: { cookie: owner.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${done.fileName}"`);
    expect(download.rawPayload.length).toBe(done.sizeBytes);

    const archive = readArchive(download.rawPayload);
    expect(archive.bad).toBeNull();
    const dir = `chatbots/help-desk-${botId.slice(0, 8)}`;
    const chatbot = JSON.parse(archive.files[`${dir}/chatbot.json`]!) as { id: string; name: string; systemPrompt: string };
    expect(chatbot).toMatchObject({ id: botId, name: 'Help Desk' });
    expect(chatbot.systemPrompt.length).toBeGreaterThan(0);
    const original = archive.names.find((n) => n.startsWith(`${dir}/documents/`) && n.endsWith('/original/shipping.md'));
    expect(archive.files[original!]).toBe('# Shipping\n\nWe ship to 40 countries in 3 to 5 days.\n');
    const extracted = Object.entries(archive.files).filter(([n]) => n.endsWith('/extracted.txt'));
    expect(extracted.map(([, t]) => t).join('\n')).toContain('We ship to 40 countries');
    expect(extracted.map(([, t]) => t).join('\n')).toContain('Items can be returned within 30 days');
    expect(archive.names.filter((n) => n.endsWith('/document.json'))).toHaveLength(3);
    const indexed = Object.entries(archive.files).filter(([n]) => n.endsWith('/indexed-chunks.jsonl'));
    expect(indexed.map(([, text]) => JSON.parse(text.trim()) as unknown)).toEqual([{ index: 0, content: 'The shop opens at nine.' }]);
    const conversations = archive.files[`${dir}/conversations/conversations-0001.jsonl`]!.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; messages: { role: string; content: string }[] });
    expect(conversations).toHaveLength(1);
    expect(conversations[0]).toMatchObject({
      id: conversationId,
      messages: [
        { role: 'user', content: 'Can I return my order?' },
        { role: 'assistant', content: 'Yes, within 30 days.' },
      ],
    });
    expect(archive.files['handoffs/handoffs-0001.jsonl']!.trim().split('\n')).toHaveLength(1);
    const keys = JSON.parse(archive.files['api-keys.json']!) as { items: { name: string; prefix: string }[] };
    expect(keys.items).toEqual([expect.objectContaining({ name: 'Website', prefix: 'pk_live_abc' })]);
    expect(download.rawPayload.includes(Buffer.from('f00dfeedsecrethashvalue'))).toBe(false);
    expect(archive.names).toEqual(expect.arrayContaining(['organization.json', 'manifest.json', 'README.txt']));
    expect(JSON.parse(archive.files['manifest.json']!).counts).toMatchObject({
      chatbots: 1,
      documents: 3,
      conversations: 1,
      messages: 2,
      handoffs: 1,
      apiKeys: 1,
    });
    // Info-ZIP's unzip reads it too.
    const zipFile = path.join(mkdtempSync(path.join(tmpdir(), 'parley-export-')), 'export.zip');
    writeFileSync(zipFile, download.rawPayload);
    expect(execFileSync('unzip', ['-l', zipFile], { encoding: 'utf8' })).toContain(`${dir}/chatbot.json`);
  });

  it('is for owners and admins of the organization only, one at a time, and kept for 7 days', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const colleague = await createSignedInUser(c);
    await db.insert(organizationMembers).values({ organizationId, userId: colleague.userId, role: 'member' });
    const asMember = { cookie: colleague.cookie, 'x-organization-id': organizationId };
    const refused = await c.app.inject({ method: 'POST', url: '/api/data-exports', headers: asMember });
    expect(refused.statusCode).toBe(403);
    expect((await c.app.inject({ method: 'GET', url: '/api/data-exports', headers: asMember })).statusCode).toBe(403);

    // An export in progress: a second one waits.
    const [running] = await db.insert(dataExports).values({ organizationId, status: 'running', fileName: 'x.zip' }).returning();
    const busy = await c.app.inject({ method: 'POST', url: '/api/data-exports', headers: { cookie: owner.cookie } });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('An export of this organization is already being built. Wait for it to finish.');
    expect((await c.app.inject({ method: 'GET', url: `/api/data-exports/${running!.id}/download`, headers: { cookie: owner.cookie } })).statusCode).toBe(409);
    await db.delete(dataExports).where(eq(dataExports.id, running!.id));

    await db.update(organizationMembers).set({ role: 'admin' }).where(eq(organizationMembers.userId, colleague.userId));
    const started = await c.app.inject({ method: 'POST', url: '/api/data-exports', headers: asMember });
    expect(started.statusCode).toBe(202);
    const done = await waitForExport(c, asMember, (started.json() as DataExport).id);
    expect(done.status).toBe('done');

    // Nobody outside the organization sees it.
    const stranger = await createSignedInUser(c);
    expect((await c.app.inject({ method: 'GET', url: `/api/data-exports/${done.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'GET', url: `/api/data-exports/${done.id}/download`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);

    // After 7 days the archive and its bytes are gone.
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    expect((await sweepDataExports(dataExportDeps(c.app), later)).purged).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(dataExportParts).where(eq(dataExportParts.exportId, done.id))).toHaveLength(0);
    expect((await c.app.inject({ method: 'GET', url: `/api/data-exports/${done.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('fails with a clear reason when the archive would pass its size cap, and keeps no partial file', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Big bot' } });
    const [row] = await db.insert(dataExports).values({ organizationId, fileName: 'big.zip' }).returning();
    const outcome = await runDataExport({ ...dataExportDeps(c.app), limits: { maxBytes: 1500, partBytes: 512 } }, row!.id, {
      isRetry: false,
      isLastAttempt: false,
    });
    expect(outcome).toBe('failed');
    const [failed] = await db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/^The archive would be larger than 0 MB\./) });
    expect(await db.select().from(dataExportParts).where(eq(dataExportParts.exportId, row!.id))).toHaveLength(0);
    // A second run of a finished export does nothing.
    expect(await runDataExport(dataExportDeps(c.app), row!.id, { isRetry: false, isLastAttempt: true })).toBe('skipped');
  });

  it('holds the team, usage, billing and webhook tables too, without hashed links, sealed secrets or header values', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    await db.insert(organizationInvitations).values({
      organizationId,
      email: 'colleague@example.com',
      tokenHash: 'invitation-hash-0123456789abcdef',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens: 4242 });
    await db.insert(webhookConfigs).values({
      organizationId,
      name: 'CRM hook',
      url: 'https://crm.example.com/hook',
      eventTypes: ['message.created'],
      secretEncrypted: 'sealed-signing-secret-value',
      previousSecretEncrypted: 'sealed-previous-secret-value',
      secretHint: 'whsec_…hint',
      headers: { Authorization: 'Bearer header-credential-value' },
    });
    await db.insert(customerApiKeys).values({ organizationId, name: 'Backend', prefix: 'pk_live_xyz', keyHash: 'api-key-hash-value-0042' });

    const started = await c.app.inject({ method: 'POST', url: '/api/data-exports', headers: { cookie: owner.cookie } });
    expect(started.statusCode, started.body).toBe(202);
    const done = await waitForExport(c, { cookie: owner.cookie }, (started.json() as DataExport).id);
    expect(done.status).toBe('done');
    const download = await c.app.inject({ method: 'GET', url: `/api/data-exports/${done.id}/download`, headers: { cookie: owner.cookie } });
    const archive = readArchive(download.rawPayload);
    const lines = (file: string) =>
      archive.files[file]!.trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines('team/invitations-0001.jsonl')).toEqual([expect.objectContaining({ email: 'colleague@example.com' })]);
    expect(lines('team/invitations-0001.jsonl')[0]).not.toHaveProperty('tokenHash');
    expect(lines('usage/usage-ledger-0001.jsonl')).toEqual([expect.objectContaining({ tokens: 4242, tokenType: 'input' })]);
    const [hook] = lines('webhooks/webhook-configs-0001.jsonl');
    expect(hook).toMatchObject({ name: 'CRM hook', url: 'https://crm.example.com/hook', headers: ['Authorization'] });
    expect(Object.keys(hook!)).not.toEqual(expect.arrayContaining(['secretEncrypted']));
    const manifest = JSON.parse(archive.files['manifest.json']!) as { tables: Record<string, number>; notExported: Record<string, string> };
    expect(manifest.tables).toMatchObject({ organization_invitations: 1, usage_ledger: 1, webhook_configs: 1 });
    expect(Object.keys(manifest.notExported)).toContain('document_chunks');
    for (const secret of [
      'invitation-hash-0123456789abcdef',
      'sealed-signing-secret-value',
      'sealed-previous-secret-value',
      'whsec_…hint',
      'header-credential-value',
      'api-key-hash-value-0042',
    ]) {
      expect(
        Object.values(archive.files).some((text) => text.includes(secret)),
        secret,
      ).toBe(false);
      expect(download.rawPayload.includes(Buffer.from(secret)), secret).toBe(false);
    }
  });

  it(`keeps at most ${DATA_EXPORTS_READY_MAX} archives ready (409) and starts at most ${DATA_EXPORTS_PER_DAY} a day (429), deleting does not make room`, async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const headers = { cookie: owner.cookie };
    const start = () => c.app.inject({ method: 'POST', url: '/api/data-exports', headers });
    const ids: string[] = [];
    for (let i = 0; i < DATA_EXPORTS_READY_MAX; i += 1) {
      const started = await start();
      expect(started.statusCode, started.body).toBe(202);
      ids.push((await waitForExport(c, headers, (started.json() as DataExport).id)).id);
    }
    const full = await start();
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(DATA_EXPORT_MESSAGES.readyMax);
    // An expired archive does not count.
    await db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ids[0]!));
    let started = await start();
    expect(started.statusCode, started.body).toBe(202);
    await waitForExport(c, headers, (started.json() as DataExport).id);
    // Delete and start again until the day's exports are used: the next is refused however many were deleted.
    for (let made = DATA_EXPORTS_READY_MAX + 1; made < DATA_EXPORTS_PER_DAY; made += 1) {
      const [oldest] = (await c.app.inject({ method: 'GET', url: '/api/data-exports', headers })).json().items.slice(-1) as DataExport[];
      expect((await c.app.inject({ method: 'DELETE', url: `/api/data-exports/${oldest!.id}`, headers })).statusCode).toBe(200);
      started = await start();
      expect(started.statusCode, started.body).toBe(202);
      await waitForExport(c, headers, (started.json() as DataExport).id);
    }
    await db.delete(dataExports).where(eq(dataExports.organizationId, organizationId));
    const limited = await start();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(DATA_EXPORT_MESSAGES.perDay);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db.select().from(dataExports).where(eq(dataExports.organizationId, organizationId))).toEqual([]);
  });
});
