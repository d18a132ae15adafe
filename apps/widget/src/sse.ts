/**
 * An incremental parser for the chat's server-sent events. Network chunks split
 * events, lines and even UTF-8 characters anywhere, so bytes are decoded in
 * streaming mode and only complete events (ended by a blank line) are returned.
 */
export interface SseParser<T> {
  /** Feeds one chunk; returns the events it completed. */
  push(chunk: string | Uint8Array): T[];
}

/** Events are JSON objects with a `type` (the chat's ChatStreamEvent, the conversation's VisitorEvent). */
export function createSseParser<T extends { type: string }>(): SseParser<T> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let skipLineFeed = false;

  const dispatch = (events: T[]) => {
    if (data.length === 0) return;
    const payload = data.join('\n');
    data = [];
    try {
      const event = JSON.parse(payload) as T;
      if (event && typeof event === 'object' && typeof event.type === 'string') events.push(event);
    } catch {
      // Not one of ours (a proxy's keep-alive, say): skip it rather than break the answer.
    }
  };

  return {
    push(chunk) {
      buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      // A chunk that ended in \r may have been the first half of \r\n.
      if (skipLineFeed && buffer.charAt(0) === '\n') buffer = buffer.slice(1);
      skipLineFeed = false;
      const events: T[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (match[0] === '\r' && buffer === '') skipLineFeed = true;
        if (line === '') dispatch(events);
        else if (line.charAt(0) === ':') continue;
        else {
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          let value = colon < 0 ? '' : line.slice(colon + 1);
          if (value.charAt(0) === ' ') value = value.slice(1);
          if (field === 'data') data.push(value);
        }
      }
      return events;
    },
  };
}
