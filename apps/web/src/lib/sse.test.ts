import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

function parseAll(chunks: string[]): string[] {
  const parser = createSseParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.flush()];
}

describe('createSseParser', () => {
  it('yields the data of each event the server sends, in order', () => {
    const stream = 'data: {"type":"meta"}\n\ndata: {"type":"delta","text":"Hi"}\n\ndata: {"type":"done"}\n\n';
    expect(parseAll([stream])).toEqual(['{"type":"meta"}', '{"type":"delta","text":"Hi"}', '{"type":"done"}']);
  });

  it('reassembles events split anywhere across network chunks, one character at a time included', () => {
    const stream = 'data: {"text":"Grüße"}\n\ndata: {"text":"two"}\n\n';
    expect(parseAll(stream.split(''))).toEqual(['{"text":"Grüße"}', '{"text":"two"}']);
    expect(parseAll(['data: {"te', 'xt":"a"}\n', '\nda', 'ta: 2\n\n'])).toEqual(['{"text":"a"}', '2']);
  });

  it('accepts CRLF and CR line endings, including a CRLF split between chunks', () => {
    expect(parseAll(['data: a\r\n\r\ndata: b\r\r'])).toEqual(['a', 'b']);
    expect(parseAll(['data: a\r', '\n\r', '\n'])).toEqual(['a']);
  });

  it('joins multi-line data with newlines and keeps spaces after the first', () => {
    expect(parseAll(['data: first\ndata:  second\ndata\n\n'])).toEqual(['first\n second\n']);
  });

  it('ignores comments, other fields and events without data', () => {
    expect(parseAll([': keep-alive\n\nevent: message\nid: 7\nretry: 100\ndata: x\n\n\n\n'])).toEqual(['x']);
  });

  it('drops an event the stream cut off before its blank line', () => {
    expect(parseAll(['data: complete\n\ndata: cut off'])).toEqual(['complete']);
    expect(parseAll(['data: cut off\n'])).toEqual([]);
  });
});
