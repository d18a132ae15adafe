import { MESSAGES } from './messages';

/**
 * Spec part 1 §5: a message that mentions credentials or database internals is
 * never shown; a generic fallback is shown instead.
 */
const SENSITIVE = [
  /password/i,
  /token/i,
  /\bkey\b|api[_ -]?key|keys\b|_key/i,
  // A key in a camelCase name (privateKey); not /i, which would find "monkey".
  /[a-z]Keys?\b/,
  /secret/i,
  /database/i,
  /\btables?\b/i,
  /\bcolumns?\b/i,
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b/i,
];

export function sanitizeErrorMessage(message: string | null | undefined, fallback: string = MESSAGES.genericError): string {
  if (!message || !message.trim()) return fallback;
  return SENSITIVE.some((pattern) => pattern.test(message)) ? fallback : message;
}
