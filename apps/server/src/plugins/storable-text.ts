import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Text PostgreSQL cannot store: the NUL character (refused in text and JSON alike) and a UTF-16 surrogate without its
 * pair (JSON escapes it as `\ud800`, which jsonb refuses; in a text column it would silently become U+FFFD). Callers
 * send it only by mistake or on purpose, never as content a person wrote.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Deeper than any contract we accept; a value nested further is not walked (the contract refuses it anyway). */
const MAX_DEPTH = 32;

export interface UnstorableText {
  /** Where it is: `body.name`, `query.search`, `body.messages.0.content`; a key itself is named as its path. */
  field: string;
  kind: 'nul' | 'surrogate';
}

const kindOf = (text: string): UnstorableText['kind'] => (text.includes('\u0000') ? 'nul' : 'surrogate');

/** The first string (or object key) in `value` that PostgreSQL could not store, with its path; null when there is none. */
export function findUnstorableText(value: unknown, path: string, depth = 0): UnstorableText | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? { field: path, kind: kindOf(value) } : null;
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findUnstorableText(value[index], `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (UNSTORABLE.test(key)) return { field: path, kind: kindOf(key) };
    const found = findUnstorableText(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The path as our message names it: a key the caller made up is shown as `?`, never echoed. */
const namedPath = (field: string) =>
  field
    .split('.')
    .map((segment) => (/^[A-Za-z0-9_-]{1,64}$/.test(segment) ? segment : '?'))
    .join('.');

export const unstorableTextMessage = ({ field: raw, kind }: UnstorableText): string => {
  const what =
    kind === 'nul'
      ? 'text cannot contain the NUL character (U+0000). Remove it and try again.'
      : 'text cannot contain a lone UTF-16 surrogate (U+D800–U+DFFF without its pair). Remove it and try again.';
  const named = `${namedPath(raw)}: ${what}`;
  // A field whose name mentions a credential (apiKey, password…) is not named: spec part 1 §5 never shows such a
  // message, and the generic fallback would say nothing useful.
  return sanitizeErrorMessage(named) === named ? named : `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
};

/**
 * One check for every route, before its contract: the params, the query and a parsed body may hold no text PostgreSQL
 * refuses. The answer is a 400 naming the field, and the handler never runs, so nothing changes.
 */
export const storableTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const found =
        findUnstorableText(request.params, 'params') ??
        findUnstorableText(request.query, 'query') ??
        // A multipart body is read by its route as a stream (files are bytes, not text).
        (request.isMultipart() ? null : findUnstorableText(request.body, 'body'));
      if (found) throw new AppError('VALIDATION_ERROR', unstorableTextMessage(found));
    });
  },
  { name: 'storable-text' },
);
