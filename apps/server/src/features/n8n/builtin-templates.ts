import { N8N_INGEST_PATH, type N8nWorkflowTemplate } from '@parley/shared/contracts/n8n';

/**
 * The built-in workflow templates. A template is offered as built-in only for a moment Parley really calls n8n
 * (docs/decisions/0046-n8n-built-in-templates.md): today that is the document hand-off, `POST {base}/parley/ingest`
 * (docs/n8n.md "Document hand-off"). Each `template` is n8n's own workflow JSON (nodes and connections), so
 * "Download for n8n" gives a file n8n imports as it is; it uses core nodes only and no `$vars` (community n8n refuses
 * variables), and the only credential it needs is the Header Auth credential its Webhook node names.
 */

/** The credential every built-in's Webhook node checks Parley's bearer secret with (n8n's Header Auth). */
export const PARLEY_BEARER_CREDENTIAL = { type: 'httpHeaderAuth', name: 'Parley bearer' } as const;

/**
 * The Code node of "Document chunking": splits the hand-off's `text` into chunks of at most `chunking.chunk_size`
 * characters, each starting up to `chunking.chunk_overlap` characters before the previous one ended (at a sentence or
 * word within that overlap), cut at a paragraph, sentence or word boundary when one is in the second half of the chunk. It runs once for all items, as n8n's Code
 * node does by default; its one output item is what the Respond to Webhook node answers.
 */
export const DOCUMENT_CHUNKING_CODE = `// Parley's document hand-off: { text, chunking: { chunk_size, chunk_overlap }, ... } in the request body.
// Answer { chunks: [{ content }] } in order; Parley embeds and stores them (docs/n8n.md, "Document hand-off").
const body = $input.first().json.body || {};
const text = typeof body.text === 'string' ? body.text.replace(/\\r\\n/g, '\\n') : '';
const chunking = body.chunking || {};
const size = Math.min(100000, Math.max(100, Math.floor(Number(chunking.chunk_size)) || 1000));
const overlap = Math.min(Math.floor(size / 2), Math.max(0, Math.floor(Number(chunking.chunk_overlap)) || 0));

// The best place to end a chunk that starts at \`start\`: the last paragraph break, else sentence end, else space,
// in the second half of the window; the window's end when there is none.
function endOf(start) {
  const limit = Math.min(text.length, start + size);
  if (limit === text.length) return limit;
  const window = text.slice(start, limit);
  const floor = Math.floor(size / 2);
  for (const pattern of [/\\n\\s*\\n/g, /[.!?]["')\\]]?\\s/g, /\\s/g]) {
    let cut = -1;
    for (const match of window.matchAll(pattern)) {
      const end = match.index + match[0].length;
      if (end > floor) cut = end;
    }
    if (cut > 0) return start + cut;
  }
  return limit;
}

const chunks = [];
let start = 0;
while (start < text.length) {
  const end = endOf(start);
  const content = text.slice(start, end).trim();
  if (content) chunks.push({ content });
  if (end >= text.length) break;
  // Step back by the overlap, but always move forward; then start at a sentence, else a word, inside the overlap.
  let next = Math.max(start + 1, end - overlap);
  if (next < end && !/\\s/.test(text[next - 1])) {
    const overlapText = text.slice(next, end);
    const sentence = /[.!?]["')\\]]?\\s/.exec(overlapText);
    const word = overlapText.search(/\\s/);
    if (sentence) next += sentence.index + sentence[0].length;
    else if (word >= 0) next += word + 1;
  }
  start = next;
}

return [{ json: { chunks } }];
`;

export const BUILT_IN_TEMPLATES: readonly N8nWorkflowTemplate[] = [
  {
    id: '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e04',
    name: 'Document chunking',
    description:
      'Answers Parley’s document hand-off (processing mode n8n integration): checks the bearer secret, splits the document’s text into chunks with the chatbot’s chunk size and overlap, and returns them to Parley. Start here and add your own steps before the answer.',
    category: 'Document Processing',
    isPublic: true,
    isBuiltIn: true,
    createdAt: null,
    variables: {},
    credentials: [{ ...PARLEY_BEARER_CREDENTIAL }],
    template: {
      nodes: [
        {
          id: 'parley-ingest-webhook',
          name: 'Parley document',
          type: 'n8n-nodes-base.webhook',
          typeVersion: 2,
          position: [0, 0],
          // Without a webhookId n8n registers the path under "<workflow id>/<node name>/" (found against a real n8n
          // 2.8: POST parley/ingest "is not registered"); with one, the path itself is the production URL.
          webhookId: '0f6b8f1e-3c1a-4f5e-8d0a-5a7c2b9e4d01',
          parameters: {
            httpMethod: 'POST',
            // Without the leading slash: n8n puts it under <instance>/webhook/, which is Parley's base URL.
            path: N8N_INGEST_PATH.replace(/^\//, ''),
            authentication: 'headerAuth',
            responseMode: 'responseNode',
            options: {},
          },
          credentials: { [PARLEY_BEARER_CREDENTIAL.type]: { name: PARLEY_BEARER_CREDENTIAL.name } },
        },
        {
          id: 'parley-ingest-chunk',
          name: 'Split into chunks',
          type: 'n8n-nodes-base.code',
          typeVersion: 2,
          position: [240, 0],
          parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode: DOCUMENT_CHUNKING_CODE },
        },
        {
          id: 'parley-ingest-respond',
          name: 'Return chunks',
          type: 'n8n-nodes-base.respondToWebhook',
          typeVersion: 1.1,
          position: [480, 0],
          parameters: { respondWith: 'firstIncomingItem', options: { responseCode: 200 } },
        },
      ],
      connections: {
        'Parley document': { main: [[{ node: 'Split into chunks', type: 'main', index: 0 }]] },
        'Split into chunks': { main: [[{ node: 'Return chunks', type: 'main', index: 0 }]] },
      },
    },
  },
];
