import { MESSAGES } from './messages';

/**
 * Spec part 1 §5: a message that mentions credentials or database internals is
 * never shown; a generic fallback is shown instead.
 */
const SENSITIVE = [
  /password/i,
  /token/i,
  /\bkey\b|api[_ -]?key|keys\b/i,
  /secret/i,
  /database/i,
  /\btable\b/i,
  /\bcolumn\b/i,
  /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b/i,
];

export function sanitizeErrorMessage(message: string | null | undefined, fallback: string = MESSAGES.genericError): string {
  if (!message || !message.trim()) return fallback;
  return SENSITIVE.some((pattern) => pattern.test(message)) ? fallback : message;
}
