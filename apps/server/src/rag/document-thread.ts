import { ThreadWorker } from '../lib/thread-worker';
import type { Chunk, ChunkOptions } from './chunkers';
import { DocumentError, type DocumentErrorCode } from './document-error';
import type { DocumentInput, ExtractedDocument } from './parsers';

/** A chunk without its text: `text` is the document's slice from `start` to `end`, under its heading line if any. */
type ChunkSpan = Omit<Chunk, 'text'>;

/** Messages to document-worker.ts (ThreadWorker adds the id): a document to read, and to chunk when `chunking` is given. */
export type DocumentRequest = { id: number; input: DocumentInput; chunking?: ChunkOptions };
export type DocumentReply =
  | { id: number; ok: true; document: ExtractedDocument; spans?: ChunkSpan[] }
  | { id: number; ok: false; error: { name: string; message: string; code?: DocumentErrorCode } };

// Built, the thread is bundled next to main.js; run from the source tree, a plain module loads the TypeScript through tsx.
const entry = import.meta.url.endsWith('.ts') ? new URL('./document-worker.source.mjs', import.meta.url) : new URL('./document-worker.js', import.meta.url);
const worker = new ThreadWorker<Omit<DocumentRequest, 'id'>, DocumentReply>(entry, 'The document worker');

/**
 * Asks the thread. The document's bytes are moved to it, not copied, when `input.data` is a whole buffer of its own
 * (the caller's array is then empty): copying 50 MB took this thread a fifth of a second.
 */
async function ask(input: DocumentInput, chunking?: ChunkOptions): Promise<Extract<DocumentReply, { ok: true }>> {
  const { data } = input;
  const movable = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
  const reply = await worker.call({ input, ...(chunking ? { chunking } : {}) }, movable ? [data.buffer as ArrayBuffer] : []);
  if (reply.ok) return reply;
  // The thread's failure as the error the same call would have thrown in this thread.
  const { name, message, code } = reply.error;
  if (name === 'DocumentError' && code) throw new DocumentError(code, message);
  if (name === 'RangeError') throw new RangeError(message);
  throw new Error(message);
}

/**
 * extractDocument (parsers.ts) in a worker thread, one for the process, so the event loop goes on serving requests
 * while a large file is read: the same result, and the same DocumentError.
 */
export async function extractDocumentOffThread(input: DocumentInput): Promise<ExtractedDocument> {
  return (await ask(input)).document;
}

/** extractDocument, then chunkText (chunkers.ts) of its text, in one turn of the same thread: the text goes there once. */
export async function extractAndChunkOffThread(input: DocumentInput, chunking: ChunkOptions): Promise<{ document: ExtractedDocument; chunks: Chunk[] }> {
  const { document, spans = [] } = await ask(input, chunking);
  const chunks = spans.map((span) => {
    const body = document.text.slice(span.start, span.end);
    return { ...span, text: span.heading ? `${span.heading}\n${body}` : body };
  });
  return { document, chunks };
}
