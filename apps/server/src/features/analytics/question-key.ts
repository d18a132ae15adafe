import { contentTerms } from '../../rag/text-terms';

const KEY_MAX_CHARS = 200;

/**
 * Similar questions share a key: their content words, stemmed, de-duplicated and sorted
 * ("How long do refunds take?" and "refund, how long?" → "refund"). A question of stop
 * words only keeps its lower-cased text, so "hello?" and "hi" stay apart.
 */
export function questionKey(question: string): string {
  const words = contentTerms(question).sort();
  const key = words.length > 0 ? words.join(' ') : question.toLowerCase().replace(/\s+/g, ' ').trim();
  return key.slice(0, KEY_MAX_CHARS);
}
