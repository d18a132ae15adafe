/**
 * Follow-up questions ("And on Sundays?", "what about express?", "is it open then?") make sense only with the
 * question before them. Retrieval gets a standalone question instead: rewritten by the answer model when the chatbot
 * has one (llm.ts, rewriteFollowUp), otherwise the previous question and the follow-up together (decisions/0011-answers.md).
 */

const CONNECTOR = /^\s*(?:and|but|also|or|so|then|what about|how about|and what about|what if)\b/i;
const PRONOUN = /\b(?:it|its|that|this|they|them|their|those|these|there|he|she|him|her|one)\b/i;
/** A follow-up that leans on a pronoun is short; a long question with "it" in it usually says what "it" is. */
const SHORT_FOLLOW_UP_WORDS = 6;

/** Whether a message reads as a follow-up to the question before it. */
export function isFollowUp(message: string): boolean {
  if (CONNECTOR.test(message)) return true;
  const words = message.trim().split(/\s+/).filter(Boolean);
  return words.length <= SHORT_FOLLOW_UP_WORDS && PRONOUN.test(message);
}

/** The question retrieval reads without a model: the one before, then the follow-up. */
export function combineWithPrevious(previous: string, followUp: string): string {
  return `${previous.trim()} ${followUp.trim()}`;
}
