// Runs in a worker thread (document-thread.ts starts it): reading a document and cutting it into chunks is seconds of
// CPU for the largest files the spec allows, which the request loop must not wait through. Bundled next to main.js
// by build.mjs; in the source tree document-worker.source.mjs loads it through tsx.
import { parentPort } from 'node:worker_threads';
import { chunkText } from './chunkers';
import { DocumentError } from './document-error';
import type { DocumentReply, DocumentRequest } from './document-thread';
import { extractDocument } from './parsers';

async function answer({ id, input, chunking }: DocumentRequest): Promise<DocumentReply> {
  try {
    const document = await extractDocument(input);
    if (!chunking) return { id, ok: true, document };
    // The chunks' texts are slices of the text that travels back anyway: only where they are goes with it.
    const spans = chunkText(document.text, chunking).map(({ text: _text, ...span }) => span);
    return { id, ok: true, document, spans };
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    return { id, ok: false, error: { name: failure.name, message: failure.message, ...(error instanceof DocumentError ? { code: error.code } : {}) } };
  }
}

parentPort?.on('message', (request: DocumentRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
