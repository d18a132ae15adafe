import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

const STREAM =
  'data: {"type":"meta","conversationId":"c1","messageId":"m1"}\n\n' +
  'data: {"type":"delta","text":"Refunds are paid "}\n\n' +
  'data: {"type":"delta","text":"within five working days — ✓"}\n\n' +
  'data: {"type":"done","answered":true,"citations":[],"tokens":12}\n\n';

const EXPECTED: ChatStreamEvent[] = [
  { type: 'meta', conversationId: 'c1', messageId: 'm1' },
  { type: 'delta', text: 'Refunds are paid ' },
  { type: 'delta', text: 'within five working days — ✓' },
  { type: 'done', answered: true, citations: [], tokens: 12 },
];

function feed(chunks: (string | Uint8Array)[]): ChatStreamEvent[] {
  const parser = createSseParser<ChatStreamEvent>();
  return chunks.flatMap((chunk) => parser.push(chunk));
}

describe('server-sent events of a chat answer', () => {
  it('parses a stream that arrives in one piece', () => {
    expect(feed([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events whatever the chunk boundaries, down to single bytes inside a UTF-8 character', () => {
    const bytes = new TextEncoder().encode(STREAM);
    for (const size of [1, 2, 3, 5, 7, 13, 64]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
      expect(feed(chunks), `chunks of ${size} bytes`).toEqual(EXPECTED);
    }
  });

  it('returns an event only once its blank line has arrived', () => {
    const parser = createSseParser<ChatStreamEvent>();
    expect(parser.push('data: {"type":"delta","text":"a"}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ type: 'delta', text: 'a' }]);
  });

  it('accepts CRLF and CR line endings, even with \\r and \\n in different chunks', () => {
    expect(feed(['data: {"type":"delta","text":"a"}\r', '\n\r', '\n', 'data: {"type":"delta","text":"b"}\r\r'])).toEqual([
      { type: 'delta', text: 'a' },
      { type: 'delta', text: 'b' },
    ]);
  });

  it('joins multi-line data and skips comments, other fields and lines that are not JSON', () => {
    const events = feed([
      ': keep-alive\n\n',
      'event: message\nid: 7\ndata: {"type":"delta",\ndata: "text":"x"}\n\n',
      'data: not json\n\n',
      'data:{"type":"error","message":"m"}\n\n',
    ]);
    expect(events).toEqual([
      { type: 'delta', text: 'x' },
      { type: 'error', message: 'm' },
    ]);
  });

  it('drops an event cut off by the end of the stream', () => {
    expect(feed(['data: {"type":"delta","text":"a"}\n\ndata: {"type":"delta"'])).toEqual([{ type: 'delta', text: 'a' }]);
  });
});
