import { and, asc, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatbots,
  chatStatsHourly,
  conversations,
  customerApiKeys,
  documentChunks,
  handoffs,
  knowledgeSources,
  messages,
  organizationMembers,
  organizations,
  profiles,
  questionStatsDaily,
  users,
} from '../../db/schema/index';
import { DocumentError } from '../../rag/document-error';
import { extractDocumentOffThread } from '../../rag/document-thread';
import { tableExports, tableName, tableRows, TABLES_NOT_EXPORTED } from './tables';
import type { ZipWriter } from './zip';

/** Conversations (with their messages) per file, and rows per file of the other JSON Lines files. */
export const CONVERSATIONS_PER_FILE = 500;
export const ROWS_PER_FILE = 10_000;

export interface ArchiveProgress {
  /** 0–99 while building (100 is set when the archive is stored). */
  progress: number;
  stage: string;
}

export interface ArchiveCounts {
  chatbots: number;
  documents: number;
  conversations: number;
  messages: number;
  handoffs: number;
  apiKeys: number;
}

const slug = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'item';

/** A file name from a document's own name: no folders, no control characters, bounded length. */
export function safeFileName(name: string, fallback: string): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .trim()
    .slice(-150);
  return base && base !== '.' && base !== '..' ? base : fallback;
}

const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length ? '\n' : '');
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const part = (n: number) => String(n).padStart(4, '0');
/** Already-compressed formats are stored as they are. */
const isCompressed = (mime: string | null, name: string) =>
  /pdf|zip|officedocument|image\/|video\/|audio\//i.test(mime ?? '') || /\.(pdf|docx|zip|png|jpe?g|gif|webp)$/i.test(name);

/**
 * Writes all of one organization's data into `zip`: the organization and its members, each
 * chatbot's settings, its documents (original file and extracted text) and its conversations with
 * their messages, the handoffs, API key metadata (never the keys) and the analytics rollups.
 * Reads a batch at a time, so memory stays bounded by the largest single document.
 */
export async function writeOrganizationArchive(
  db: Db,
  organizationId: string,
  zip: ZipWriter,
  onProgress: (progress: ArchiveProgress) => Promise<void>,
  meta: { requestedBy: string | null; exportedAt: Date },
): Promise<ArchiveCounts> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw new Error(`organization ${organizationId} not found`);

  const bots = await db.select().from(chatbots).where(eq(chatbots.organizationId, organizationId)).orderBy(asc(chatbots.createdAt), asc(chatbots.id));
  const [sourceTotal] = await db.select({ n: count() }).from(knowledgeSources).where(eq(knowledgeSources.organizationId, organizationId));
  const [conversationTotal] = await db.select({ n: count() }).from(conversations).where(eq(conversations.organizationId, organizationId));
  const totals = { sources: Number(sourceTotal?.n ?? 0), conversations: Number(conversationTotal?.n ?? 0) };
  // Units of work: a chatbot, a document, a conversation, and five for the rest.
  const totalUnits = bots.length + totals.sources + totals.conversations + 5;
  let doneUnits = 0;
  let lastReported = -1;
  const advance = async (units: number, stage: string) => {
    doneUnits += units;
    const progress = Math.min(99, Math.floor((doneUnits / totalUnits) * 100));
    if (progress !== lastReported) {
      lastReported = progress;
      await onProgress({ progress, stage });
    }
  };
  const counts: ArchiveCounts = { chatbots: bots.length, documents: 0, conversations: 0, messages: 0, handoffs: 0, apiKeys: 0 };

  await onProgress({ progress: 0, stage: 'Organization' });
  const members = await db
    .select({ name: profiles.fullName, email: users.email, role: organizationMembers.role, joinedAt: organizationMembers.createdAt })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(profiles, eq(profiles.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt));
  await zip.add(
    'organization.json',
    json({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      tier: organization.tier,
      createdAt: iso(organization.createdAt),
      members: members.map((m) => ({ ...m, joinedAt: iso(m.joinedAt) })),
    }),
  );
  await advance(1, 'Organization');

  for (const bot of bots) {
    const dir = `chatbots/${slug(bot.name)}-${bot.id.slice(0, 8)}`;
    const { organizationId: _org, ...settings } = bot;
    await zip.add(`${dir}/chatbot.json`, json({ ...settings, createdAt: iso(bot.createdAt), updatedAt: iso(bot.updatedAt) }));
    await advance(1, `Chatbot “${bot.name}”`);

    // Documents: metadata first, then each one's bytes on their own (they can be large).
    const sources = await db
      .select({
        id: knowledgeSources.id,
        kind: knowledgeSources.kind,
        name: knowledgeSources.name,
        mimeType: knowledgeSources.mimeType,
        sourceUrl: knowledgeSources.sourceUrl,
        sizeBytes: knowledgeSources.sizeBytes,
        status: knowledgeSources.status,
        error: knowledgeSources.error,
        chunkCount: knowledgeSources.chunkCount,
        tokenCount: knowledgeSources.tokenCount,
        processedAt: knowledgeSources.processedAt,
        createdAt: knowledgeSources.createdAt,
      })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.chatbotId, bot.id))
      .orderBy(asc(knowledgeSources.createdAt), asc(knowledgeSources.id));
    for (const [index, source] of sources.entries()) {
      const docDir = `${dir}/documents/${String(index + 1).padStart(3, '0')}-${slug(source.name)}-${source.id.slice(0, 8)}`;
      await zip.add(`${docDir}/document.json`, json({ ...source, processedAt: iso(source.processedAt), createdAt: iso(source.createdAt) }));
      const [stored] = await db.select({ data: knowledgeSources.data }).from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
      const data = stored?.data ?? null;
      if (data) {
        const fileName = source.kind === 'text' ? `${safeFileName(source.name, 'text')}.txt` : safeFileName(source.name, 'original');
        await zip.add(`${docDir}/original/${fileName}`, data, { compress: !isCompressed(source.mimeType, fileName) });
        const text = await extractedText(data, fileName, source.mimeType);
        if (text !== null) await zip.add(`${docDir}/extracted.txt`, text);
      }
      if (!data || source.kind === 'url') {
        // A web page is fetched when processed and not kept: its indexed text is what Parley has.
        const chunks = await db
          .select({ index: documentChunks.chunkIndex, content: documentChunks.content })
          .from(documentChunks)
          // The source's own chunks, not those of a processing still being written (decisions/0033-ingestion-without-stalling-the-server.md).
          .innerJoin(
            knowledgeSources,
            and(eq(knowledgeSources.id, documentChunks.sourceId), sql`${documentChunks.writeId} IS NOT DISTINCT FROM ${knowledgeSources.chunksWriteId}`),
          )
          .where(eq(documentChunks.sourceId, source.id))
          .orderBy(asc(documentChunks.chunkIndex));
        if (chunks.length) await zip.add(`${docDir}/indexed-chunks.jsonl`, jsonl(chunks));
      }
      counts.documents += 1;
      await advance(1, `Documents (${counts.documents} of ${totals.sources})`);
    }

    // Conversations with their messages, a file per CONVERSATIONS_PER_FILE, in the order they started.
    let cursor: { startedAt: Date; id: string } | null = null;
    let file = 0;
    for (;;) {
      const page: (typeof conversations.$inferSelect)[] = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.chatbotId, bot.id),
            cursor
              ? or(gt(conversations.startedAt, cursor.startedAt), and(eq(conversations.startedAt, cursor.startedAt), gt(conversations.id, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(asc(conversations.startedAt), asc(conversations.id))
        .limit(CONVERSATIONS_PER_FILE);
      if (page.length === 0) break;
      const last = page[page.length - 1]!;
      cursor = { startedAt: last.startedAt, id: last.id };
      const rows = await db
        .select()
        .from(messages)
        .where(
          inArray(
            messages.conversationId,
            page.map((c) => c.id),
          ),
        )
        .orderBy(asc(messages.createdAt), asc(messages.id));
      const byConversation = new Map<string, unknown[]>();
      for (const m of rows) {
        const list = byConversation.get(m.conversationId) ?? [];
        list.push({
          id: m.id,
          role: m.role,
          content: m.content,
          createdAt: iso(m.createdAt),
          outcome: m.outcome,
          rating: m.rating,
          tokens: m.tokens,
          latencyMs: m.latencyMs,
          sources: m.sources,
          agentUserId: m.agentUserId,
        });
        byConversation.set(m.conversationId, list);
      }
      file += 1;
      await zip.add(
        `${dir}/conversations/conversations-${part(file)}.jsonl`,
        jsonl(
          page.map((c) => ({
            id: c.id,
            visitorId: c.visitorId,
            channel: c.channel,
            startedAt: iso(c.startedAt),
            lastMessageAt: iso(c.lastMessageAt),
            endedAt: iso(c.endedAt),
            messages: byConversation.get(c.id) ?? [],
          })),
        ),
      );
      counts.conversations += page.length;
      counts.messages += rows.length;
      await advance(page.length, `Conversations (${counts.conversations} of ${totals.conversations})`);
      if (page.length < CONVERSATIONS_PER_FILE) break;
    }
  }

  counts.handoffs = await writeRows(zip, 'handoffs/handoffs', async (offset) =>
    (
      await db
        .select()
        .from(handoffs)
        .where(eq(handoffs.organizationId, organizationId))
        .orderBy(asc(handoffs.requestedAt), asc(handoffs.id))
        .limit(ROWS_PER_FILE)
        .offset(offset)
    ).map(({ organizationId: _o, ...h }) => h),
  );
  await advance(1, 'Handoffs');

  const keys = await db
    .select({
      id: customerApiKeys.id,
      name: customerApiKeys.name,
      prefix: customerApiKeys.prefix,
      chatbotId: customerApiKeys.chatbotId,
      createdAt: customerApiKeys.createdAt,
      expiresAt: customerApiKeys.expiresAt,
      revokedAt: customerApiKeys.revokedAt,
      lastUsedAt: customerApiKeys.lastUsedAt,
      usageCount: customerApiKeys.usageCount,
    })
    .from(customerApiKeys)
    .where(and(eq(customerApiKeys.organizationId, organizationId), eq(customerApiKeys.adminOnly, false)))
    .orderBy(asc(customerApiKeys.createdAt));
  counts.apiKeys = keys.length;
  await zip.add('api-keys.json', json({ note: 'Key metadata only: the keys themselves are stored hashed and cannot be exported.', items: keys }));
  await advance(1, 'API keys');

  await writeRows(zip, 'analytics/chat-stats-hourly', async (offset) =>
    (
      await db
        .select()
        .from(chatStatsHourly)
        .where(eq(chatStatsHourly.organizationId, organizationId))
        .orderBy(asc(chatStatsHourly.hour), asc(chatStatsHourly.chatbotId))
        .limit(ROWS_PER_FILE)
        .offset(offset)
    ).map(({ organizationId: _o, ...r }) => r),
  );
  await writeRows(zip, 'analytics/question-stats-daily', async (offset) =>
    (
      await db
        .select()
        .from(questionStatsDaily)
        .where(eq(questionStatsDaily.organizationId, organizationId))
        .orderBy(asc(questionStatsDaily.day), asc(questionStatsDaily.chatbotId), asc(questionStatsDaily.questionKey))
        .limit(ROWS_PER_FILE)
        .offset(offset)
    ).map(({ organizationId: _o, ...r }) => r),
  );
  await advance(1, 'Analytics');

  // The organization's other tables (team, usage, billing, reports, webhooks), each as JSON Lines without secrets.
  const tables: Record<string, number> = {};
  for (const spec of tableExports(db)) {
    tables[tableName(spec.table)] = await writeRows(zip, spec.file, (offset) => tableRows(db, spec, organizationId, ROWS_PER_FILE, offset));
  }
  await advance(1, 'Team, usage, billing and webhooks');

  await zip.add(
    'manifest.json',
    json({
      format: 'parley-organization-export',
      version: 1,
      exportedAt: iso(meta.exportedAt),
      requestedBy: meta.requestedBy,
      organization: { id: organization.id, name: organization.name },
      counts,
      tables,
      notExported: TABLES_NOT_EXPORTED,
    }),
  );
  await zip.add('README.txt', readme(organization.name, meta.exportedAt, counts));
  return counts;
}

/** Rows a file at a time (ROWS_PER_FILE each); no file when there are none. Returns how many. */
async function writeRows(zip: ZipWriter, prefix: string, page: (offset: number) => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (let file = 1; ; file += 1) {
    const rows = await page(total);
    if (rows.length === 0) break;
    await zip.add(`${prefix}-${part(file)}.jsonl`, jsonl(rows));
    total += rows.length;
    if (rows.length < ROWS_PER_FILE) break;
  }
  return total;
}

async function extractedText(data: Buffer, fileName: string, mimeType: string | null): Promise<string | null> {
  try {
    return (
      await extractDocumentOffThread({ data: new Uint8Array(data), filename: fileName, mimeType: mimeType ?? undefined, maxBytes: Number.MAX_SAFE_INTEGER })
    ).text;
  } catch (error) {
    if (error instanceof DocumentError) return null;
    throw error;
  }
}

function readme(name: string, at: Date, counts: ArchiveCounts): string {
  return `Parley export of “${name}”, made ${at.toISOString()}

organization.json          the organization and its members
chatbots/<name>/chatbot.json           each chatbot's settings
chatbots/<name>/documents/…            each document: document.json (details), original/ (the file as
                                       uploaded), extracted.txt (its text), indexed-chunks.jsonl
                                       (web pages: the text Parley indexed)
chatbots/<name>/conversations/*.jsonl  conversations, one a line, each with its messages
handoffs/*.jsonl           requests for a person and how they ended
api-keys.json              API key details (never the keys themselves)
analytics/*.jsonl          the hourly and daily figures behind the dashboard, report schedules and reports
team/*.jsonl               invitations (never their links), membership changes, usage notices sent
usage/*.jsonl              every metered use of tokens, and token credits
billing/*.jsonl            subscriptions, invoices, token purchases and billing events
webhooks/*.jsonl           webhook endpoints (never their signing secrets or header values), events and deliveries
chatbots/widget-embeds-*.jsonl   the websites each chatbot's widget was seen on
manifest.json              what is in this archive, and what is deliberately not

${counts.chatbots} chatbots, ${counts.documents} documents, ${counts.conversations} conversations, ${counts.messages} messages, ${counts.handoffs} handoffs.
JSON Lines files hold one JSON object per line; times are UTC (ISO 8601).
`;
}
