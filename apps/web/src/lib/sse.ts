/**
 * Splits a server-sent event stream into the `data` of each event (https://html.spec.whatwg.org/#event-stream-interpretation).
 * Feed it text as it arrives, in chunks of any size; it returns the events completed so far. Lines may end in
 * CRLF, LF or CR; several `data:` lines of one event are joined with a newline; comments and the other fields
 * (`event`, `id`, `retry`) are ignored, and so is an event without data.
 */
export function createSseParser() {
  let buffer = '';
  let data: string[] = [];

  function takeLine(line: string, events: string[]) {
    if (line === '') {
      if (data.length > 0) events.push(data.join('\n'));
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  }

  return {
    push(text: string): string[] {
      buffer += text;
      const events: string[] = [];
      for (;;) {
        const match = /\r\n|\n|\r/.exec(buffer);
        if (!match) break;
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        takeLine(buffer.slice(0, match.index), events);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return events;
    },
    /** The end of the stream: a last event is dispatched only if a blank line completed it (as the spec says). */
    flush(): string[] {
      const events: string[] = [];
      if (buffer.endsWith('\r')) takeLine(buffer.slice(0, -1), events);
      buffer = '';
      data = [];
      return events;
    },
  };
}
