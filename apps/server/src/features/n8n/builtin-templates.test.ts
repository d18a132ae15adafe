import { runInNewContext } from 'node:vm';
import { templateCredentials, n8nWorkflowTemplateSchema, N8N_INGEST_PATH } from '@parley/shared/contracts/n8n';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TEMPLATES, PARLEY_BEARER_CREDENTIAL } from './builtin-templates';
import { chunksFromAnswer } from './chunk-source';

const chunking = BUILT_IN_TEMPLATES.find((t) => t.name === 'Document chunking')!;
const node = (type: string) => chunking.template.nodes.find((n) => n.type === type)!;

/**
 * Runs a Code node's JavaScript as n8n's Code node does in "Run Once for All Items" mode: the code is the body of an
 * async function, with `$input` and `items` holding the items of the node before it, and its return value is the
 * node's output items.
 */
async function runCodeNode(jsCode: string, inputItems: { json: Record<string, unknown> }[]) {
  const $input = { first: () => inputItems[0], last: () => inputItems[inputItems.length - 1], all: () => inputItems };
  return (await runInNewContext(`(async () => {\n${jsCode}\n})()`, { $input, items: inputItems, $json: inputItems[0]?.json })) as {
    json: Record<string, unknown>;
  }[];
}

/** What n8n's Webhook node (v2) outputs for Parley's hand-off: the request's headers, params, query and JSON body. */
const webhookItem = (body: Record<string, unknown>) => ({
  json: {
    headers: { authorization: 'Bearer prly_n8n_x', 'content-type': 'application/json' },
    params: {},
    query: {},
    body,
    webhookUrl: '',
    executionMode: 'production',
  },
});

const handoff = (text: string, chunkSize: number, chunkOverlap: number) => ({
  event: 'document.ingest',
  sent_at: '2026-11-22T10:00:00.000Z',
  document: { id: 'd1', name: 'Handbook', kind: 'text', filename: null, mime_type: 'text/plain', size_bytes: text.length },
  chatbot: { id: 'c1', organization_id: 'o1' },
  chunking: { strategy: 'semantic', chunk_size: chunkSize, chunk_overlap: chunkOverlap },
  routing_rule: null,
  text,
});

// Forty numbered sentences in paragraphs of five: each must end up in some chunk, in order.
const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i + 1} tells the visitor something useful about the product.`);
const text = Array.from({ length: 8 }, (_, p) => sentences.slice(p * 5, p * 5 + 5).join(' ')).join('\n\n');

/** The template's Code node on a hand-off, answered as its Respond to Webhook node answers ("first incoming item"). */
async function answerOf(body: Record<string, unknown>): Promise<Buffer> {
  const output = await runCodeNode(node('n8n-nodes-base.code').parameters!.jsCode as string, [webhookItem(body)]);
  expect(output).toHaveLength(1);
  return Buffer.from(JSON.stringify(output[0]!.json));
}

describe('built-in workflow templates', () => {
  it('offers only the document hand-off, with core nodes, no $vars and the one credential it lists', () => {
    expect(BUILT_IN_TEMPLATES.map((t) => t.name)).toEqual(['Document chunking']);
    for (const template of BUILT_IN_TEMPLATES) {
      expect(n8nWorkflowTemplateSchema.parse(template)).toEqual(template);
      // Community n8n refuses variables ("license does not allow feat:variables").
      expect(JSON.stringify(template.template)).not.toContain('$vars');
      expect(template.variables).toEqual({});
      expect(template.template.nodes.every((n) => n.type.startsWith('n8n-nodes-base.'))).toBe(true);
      expect(template.credentials).toEqual(templateCredentials(template.template));
    }
    expect(chunking.credentials).toEqual([PARLEY_BEARER_CREDENTIAL]);
    expect(node('n8n-nodes-base.webhook').parameters).toMatchObject({
      httpMethod: 'POST',
      path: N8N_INGEST_PATH.slice(1),
      authentication: 'headerAuth',
      responseMode: 'responseNode',
    });
    expect(node('n8n-nodes-base.respondToWebhook').parameters).toMatchObject({ respondWith: 'firstIncomingItem' });
    expect(chunking.template.connections).toEqual({
      'Parley document': { main: [[{ node: 'Split into chunks', type: 'main', index: 0 }]] },
      'Split into chunks': { main: [[{ node: 'Return chunks', type: 'main', index: 0 }]] },
    });
  });

  it('its Code node answers a hand-off with chunks Parley accepts, of the chatbot’s size and overlap', async () => {
    const parsed = chunksFromAnswer(await answerOf(handoff(text, 400, 80)), false);
    if ('error' in parsed) throw new Error(parsed.error);
    const { chunks } = parsed;
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(400);
      expect(chunk).toBe(chunk.trim());
      // Cut at sentence ends, never inside a word.
      expect(chunk).toMatch(/\.$/);
    }
    // Every sentence is in a chunk, in order, and consecutive chunks share text (the overlap).
    let from = 0;
    for (const sentence of sentences) {
      const at = chunks.findIndex((chunk, index) => index >= from && chunk.includes(sentence));
      expect(at, sentence).toBeGreaterThanOrEqual(from);
      from = at;
    }
    for (let i = 1; i < chunks.length; i += 1) {
      const firstSentence = chunks[i]!.split(/(?<=\.)\s/)[0]!;
      expect(chunks[i - 1]!, `chunk ${i} starts inside chunk ${i - 1}`).toContain(firstSentence);
    }
  });

  it('keeps a short text whole, cuts text without spaces at the size, and answers no chunks for no text', async () => {
    expect(JSON.parse((await answerOf(handoff('Just one line.', 1000, 200))).toString())).toEqual({ chunks: [{ content: 'Just one line.' }] });

    const unbroken = 'x'.repeat(250);
    const hard = JSON.parse((await answerOf(handoff(unbroken, 100, 0))).toString()) as { chunks: { content: string }[] };
    expect(hard.chunks.map((c) => c.content.length)).toEqual([100, 100, 50]);

    // Missing or odd chunking settings fall back to 1000 / no overlap rather than looping or failing.
    const odd = JSON.parse((await answerOf({ ...handoff(text, 0, 0), chunking: { chunk_size: 'x', chunk_overlap: 5000 } })).toString()) as {
      chunks: { content: string }[];
    };
    expect(odd.chunks.every((c) => c.content.length <= 1000)).toBe(true);
    expect(odd.chunks.length).toBeGreaterThan(1);

    // Parley then fails the hand-off ("no usable chunks") and falls back or fails the document as configured.
    const empty = await answerOf(handoff('   ', 1000, 200));
    expect(JSON.parse(empty.toString())).toEqual({ chunks: [] });
    expect(chunksFromAnswer(empty, false)).toHaveProperty('error');
  });
});
