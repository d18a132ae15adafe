import { sentenceSpans } from '../sentences';
import { contentTerms } from '../text-terms';
import { excerptOf, type Citation, type Passage } from './types';

export const NO_ANSWER_TEXT = "I couldn't find anything about that in the documents I was given.";

export type ExtractiveAnswer = { answered: boolean; text: string; citations: Citation[] };

export type Candidate = {
  passage: number;
  position: number;
  text: string;
  chunkId: string;
  sourceName: string;
  terms: Set<string>;
  /** The terms of the heading (or title line) of the sentence's own section. */
  context: Set<string>;
  /** That heading's text, '' when the sentence has none in its passage. */
  heading: string;
  /** The line ending in ':' that introduces the list the sentence is an item of, '' otherwise. */
  leadIn: string;
  /** A line of its own: a list item or a "key: value" line, whose meaning leans on its heading. */
  isLine: boolean;
};

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

const LIST_ITEM = /^[-*+•]\s+|^\d{1,3}[.)]\s+/;
const KEY_VALUE_LINE = /^[^\s:][^:]{0,60}:\s+\S/;

/**
 * The passages' sentences, each with the heading of its own section: a heading replaces the one before it, so a
 * sentence never carries the words of a section it is not in (once, every heading a chunk had ever crossed counted,
 * and "Opening hours" came to stand above the phone hours).
 */
export function candidatesOf(passages: Passage[]): Candidate[] {
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  passages.forEach((passage, passageIndex) => {
    let heading = '';
    let leadIn = '';
    sentenceSpans(passage.text).forEach((span, position) => {
      const text = passage.text.slice(span.start, span.end);
      const headingMatch = MARKDOWN_HEADING.exec(text);
      if (headingMatch || isTitleLine(text, position === 0)) {
        heading = (headingMatch?.[1] ?? text).trim();
        leadIn = '';
        return;
      }
      const isItem = LIST_ITEM.test(text);
      if (!isItem) leadIn = '';
      const lineStart = span.start === 0 || passage.text[span.start - 1] === '\n';
      const lineEnd = span.end === passage.text.length || passage.text[span.end] === '\n';
      const isLine = isItem || (lineStart && lineEnd && KEY_VALUE_LINE.test(text));
      // Overlapping chunks repeat sentences; the first (best-ranked) copy stands.
      const key = text.replace(/\s+/g, ' ').toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        candidates.push({
          passage: passageIndex,
          position,
          text,
          chunkId: passage.chunkId,
          sourceName: passage.sourceName,
          terms: new Set(contentTerms(text)),
          context: new Set(contentTerms(heading)),
          heading,
          leadIn: isItem ? leadIn : '',
          isLine,
        });
      }
      if (!isItem && lineEnd && text.trimEnd().endsWith(':')) leadIn = text.trim();
    });
  });
  return candidates;
}

/** The idf-weighted share (0–1) of the question's terms each candidate holds: its own words, a prefix, its heading. */
export function lexicalScores(questionTerms: readonly string[], candidates: readonly Candidate[], termWeight: (term: string) => number = () => 1): number[] {
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates) for (const term of candidate.terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = (term: string): number => termWeight(term) * Math.log(1 + candidates.length / (documentFrequency.get(term) ?? 0.5));
  const total = questionTerms.reduce((sum, term) => sum + idf(term), 0);
  return candidates.map((candidate) => {
    let score = 0;
    for (const term of questionTerms) {
      if (candidate.terms.has(term)) score += idf(term);
      else if (sharesPrefix(term, candidate.terms)) score += PREFIX_WEIGHT * idf(term);
      else if (candidate.context.has(term)) score += HEADING_WEIGHT * idf(term);
    }
    return total > 0 ? score / total : 0;
  });
}

/**
 * The answer the chosen sentences make, in document order, with their citations. Lines (list items, "key: value"
 * lines) keep their line breaks, with their list's lead-in line and, when the heading is not already said, their
 * section's heading above them in bold: "Saturday: 10 am to 6 pm" means little without "Opening hours of the store".
 */
export function composeAnswer(chosen: readonly Candidate[]): ExtractiveAnswer {
  const ordered = [...chosen].sort((a, b) => a.passage - b.passage || a.position - b.position);
  const lines = ordered.every((c) => c.isLine);
  const parts: string[] = [];
  const heading = ordered[0]?.heading ?? '';
  if (lines && heading && ordered.every((c) => c.heading === heading) && !ordered.some((c) => c.text.toLowerCase().includes(heading.toLowerCase()))) {
    parts.push(`**${heading}**`);
  }
  let leadIn = '';
  for (const c of ordered) {
    if (c.leadIn && c.leadIn !== leadIn) parts.push(c.leadIn);
    leadIn = c.leadIn;
    parts.push(c.text.replace(/\s+/g, ' '));
  }
  const byChunk = new Map<string, { sourceName: string; sentences: string[] }>();
  for (const sentence of ordered) {
    const entry = byChunk.get(sentence.chunkId) ?? { sourceName: sentence.sourceName, sentences: [] };
    entry.sentences.push(sentence.text);
    byChunk.set(sentence.chunkId, entry);
  }
  const citations = [...byChunk].map(([chunkId, { sourceName, sentences }]) => ({ chunkId, sourceName, excerpt: excerptOf(sentences.join(' ')) }));
  const separator = lines || parts.some((part) => part.endsWith(':') || part.startsWith('**')) ? '\n' : ' ';
  return { answered: true, text: parts.join(separator), citations };
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

  const lexical = lexicalScores(questionTerms, candidates);
  const scored = candidates.map((candidate, order) => ({ candidate, order, score: lexical[order]! }));
  // Stable: equal scores keep passage rank and reading order.
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.order - b.order);
  const best = ranked[0];
  if (!best || best.score === 0) return declined;

  // Only sentences of the best one's own section: never lines of another section joined to it.
  const chosen = ranked
    .filter((entry) => entry.score > best.score * RELATIVE_CUTOFF && sameSection(entry.candidate, best.candidate))
    .slice(0, Math.max(1, maxSentences))
    .map((entry) => entry.candidate);
  return composeAnswer(chosen);
}

/** Whether two sentences are in one section of one passage (the same heading above them). */
export function sameSection(a: Candidate, b: Candidate): boolean {
  return a.passage === b.passage && a.heading === b.heading;
}
