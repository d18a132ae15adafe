import { sentenceSpans } from '../sentences';
import { contentTerms } from '../text-terms';
import { excerptOf, type Citation, type Passage } from './types';

export const NO_ANSWER_TEXT = "I couldn't find anything about that in the documents I was given.";

export type ExtractiveAnswer = { answered: boolean; text: string; citations: Citation[] };

type Candidate = { passage: number; position: number; text: string; chunkId: string; sourceName: string; terms: Set<string>; context: Set<string> };

const MARKDOWN_HEADING = /^#{1,6}\s+(.*)$/;
const SENTENCE_PUNCTUATION = /[.!?…:;。！？]/;
// Terms found only in the heading above a sentence count half: the sentence is in the right section but does not say the word itself.
const HEADING_WEIGHT = 0.5;
// A word that begins another ("europe" and "european", "install" and "installation") is a looser match than the same word.
const PREFIX_WEIGHT = 0.8;
const MIN_PREFIX_LENGTH = 5;
// Sentences scoring at or below this share of the best one add noise, not answer.
const RELATIVE_CUTOFF = 0.5;

function sharesPrefix(term: string, terms: Set<string>): boolean {
  if (term.length < MIN_PREFIX_LENGTH) return false;
  for (const other of terms) if (other.length >= MIN_PREFIX_LENGTH && (other.startsWith(term) || term.startsWith(other))) return true;
  return false;
}

/**
 * A short first line without punctuation is a title or the "Guide > Install"
 * section path the semantic chunker puts above a chunk: context, not answer.
 */
const isTitleLine = (text: string, isFirst: boolean): boolean =>
  isFirst && !SENTENCE_PUNCTUATION.test(text) && !text.includes('\n') && text.split(/\s+/).length <= 12;

function candidatesOf(passages: Passage[]): Candidate[] {
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  passages.forEach((passage, passageIndex) => {
    let context = new Set<string>();
    sentenceSpans(passage.text).forEach((span, position) => {
      const text = passage.text.slice(span.start, span.end);
      const heading = MARKDOWN_HEADING.exec(text);
      if (heading || isTitleLine(text, position === 0)) {
        context = new Set([...context, ...contentTerms(heading?.[1] ?? text)]);
        return;
      }
      // Overlapping chunks repeat sentences; the first (best-ranked) copy stands.
      const key = text.replace(/\s+/g, ' ').toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      candidates.push({
        passage: passageIndex,
        position,
        text,
        chunkId: passage.chunkId,
        sourceName: passage.sourceName,
        terms: new Set(contentTerms(text)),
        context,
      });
    });
  });
  return candidates;
}

/**
 * The offline answerer: the passages' sentences that best match the
 * question, quoted with their sources. A sentence scores the idf-weighted sum
 * of the question's content terms (stemmed, stop words removed) that it
 * contains, 0.8 of that for a term that begins one of its words or the other
 * way round, and half for terms only in its section heading; rarer terms
 * weigh more. The best sentences (up to `maxSentences`, each scoring more than
 * half the best) are returned in document order. When the best sentence
 * shares no content term with the question, it declines with NO_ANSWER_TEXT
 * rather than quote something unrelated.
 */
export function answerExtractively({
  question,
  passages,
  maxSentences = 3,
}: {
  question: string;
  passages: Passage[];
  maxSentences?: number;
}): ExtractiveAnswer {
  const declined: ExtractiveAnswer = { answered: false, text: NO_ANSWER_TEXT, citations: [] };
  const questionTerms = contentTerms(question);
  const candidates = candidatesOf(passages);
  if (questionTerms.length === 0 || candidates.length === 0) return declined;

  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) for (const term of candidate.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = (term: string): number => Math.log(1 + candidates.length / (documentFrequency.get(term) ?? 0.5));

  const scored = candidates.map((candidate, order) => {
    let score = 0;
    for (const term of questionTerms) {
      if (candidate.terms.has(term)) score += idf(term);
      else if (sharesPrefix(term, candidate.terms)) score += PREFIX_WEIGHT * idf(term);
      else if (candidate.context.has(term)) score += HEADING_WEIGHT * idf(term);
    }
    return { candidate, order, score };
  });
  // Stable: equal scores keep passage rank and reading order.
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.order - b.order);
  const best = ranked[0];
  if (!best || best.score === 0) return declined;

  const chosen = ranked
    .filter((entry) => entry.score > best.score * RELATIVE_CUTOFF)
    .slice(0, Math.max(1, maxSentences))
    .sort((a, b) => a.order - b.order)
    .map((entry) => entry.candidate);

  const byChunk = new Map<string, { sourceName: string; sentences: string[] }>();
  for (const sentence of chosen) {
    const entry = byChunk.get(sentence.chunkId) ?? { sourceName: sentence.sourceName, sentences: [] };
    entry.sentences.push(sentence.text);
    byChunk.set(sentence.chunkId, entry);
  }
  const citations = [...byChunk].map(([chunkId, { sourceName, sentences }]) => ({ chunkId, sourceName, excerpt: excerptOf(sentences.join(' ')) }));
  return { answered: true, text: chosen.map((sentence) => sentence.text.replace(/\s+/g, ' ')).join(' '), citations };
}
