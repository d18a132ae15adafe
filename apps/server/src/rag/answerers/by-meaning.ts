import { cachedEmbedder, VectorCache } from '../embedders/cached';
import { createMiniLmEmbedder, isMiniLmAvailable } from '../embedders/minilm/index';
import { INTERACTIVE_MAX_TEXTS } from '../embedders/minilm/thread';
import type { Embedder } from '../embedders/types';
import { contentTerms } from '../text-terms';
import { answerExtractively, candidatesOf, composeAnswer, lexicalScores, NO_ANSWER_TEXT, sameSection, type ExtractiveAnswer } from './extractive';
import type { Passage } from './types';

/**
 * The built-in answerer with a sentence-embedding model (decisions/0011-answers.md): the passages' sentences are compared with
 * the question by meaning — each embedded with its section's heading and its list's lead-in, the context a reader
 * has — and by the question's words; the answer quotes the best sentence and those of its own section close to it,
 * or declines with the not-found answer when none is close enough in meaning.
 */

/**
 * The least cosine similarity (all-MiniLM-L6-v2) between the question and a sentence that answers it. Answers to
 * questions score 0.55–0.9 with this model; a sentence sharing only the subject area ("Do you ship to the moon?" and
 * "Standard shipping takes 3 to 5 days" 0.30, a phone's battery life and the phone hours 0.38, gift cards and PayPal
 * 0.41) stays under it.
 */
export const MIN_ANSWER_SIMILARITY = 0.45;
/** A sentence's words count this much beside its meaning: they break ties between sentences alike in meaning. */
const LEXICAL_WEIGHT = 0.3;
/** Sentences of the best one's section within this of its score join it. */
const SCORE_MARGIN = 0.12;
/**
 * How close in meaning the best sentence must be when the question names something (a capitalised word such as
 * "Bitcoin") that none of the passages mention: the documents do not speak of it, so only a near paraphrase answers.
 */
const UNKNOWN_NAME_SIMILARITY = 0.75;

const SMALL_REQUEST = INTERACTIVE_MAX_TEXTS;

const CAPITALISED_WORD = /(?<=\s)\p{Lu}[\p{L}\p{N}]{2,}/gu;

/** The capitalised words of the question, not its first, that no passage mentions. */
export function unknownNames(question: string, passages: readonly Passage[]): string[] {
  const text = passages.map((p) => p.text.toLowerCase()).join('\n');
  return [...question.matchAll(CAPITALISED_WORD)].map((m) => m[0]).filter((name) => !text.includes(name.toLowerCase()));
}

/**
 * A chat turn's texts in groups of a few: the model's thread serves small requests before a document's batches
 * (minilm/thread.ts), so a visitor's answer never waits behind a document being processed.
 */
async function embedInGroups(embedder: Embedder, texts: string[], signal?: AbortSignal): Promise<number[][]> {
  const groups: string[][] = [];
  for (let i = 0; i < texts.length; i += SMALL_REQUEST) groups.push(texts.slice(i, i + SMALL_REQUEST));
  return (await Promise.all(groups.map((group) => embedder.embed(group, signal ? { signal } : {})))).flat();
}

/** How close in meaning the passages' best sentence is to the question (0 when they have none). */
export async function closestMeaning(question: string, passages: Passage[], embedder: Embedder, signal?: AbortSignal): Promise<number> {
  const candidates = candidatesOf(passages);
  if (candidates.length === 0) return 0;
  const vectors = await embedInGroups(embedder, [question, ...candidates.map((c) => [c.heading, c.leadIn, c.text].filter(Boolean).join('\n'))], signal);
  return Math.max(...vectors.slice(1).map((v) => v.reduce((sum, value, i) => sum + value * vectors[0]![i]!, 0)));
}

export async function answerByMeaning({
  question,
  followUp,
  passages,
  embedder,
  maxSentences = 3,
  signal,
}: {
  /** The question retrieval used: a follow-up with the question before it, or the visitor's own. */
  question: string;
  /** The visitor's own words when `question` combines them with the one before (their words weigh double). */
  followUp?: string;
  passages: Passage[];
  embedder: Embedder;
  maxSentences?: number;
  signal?: AbortSignal;
}): Promise<ExtractiveAnswer> {
  const declined: ExtractiveAnswer = { answered: false, text: NO_ANSWER_TEXT, citations: [] };
  const candidates = candidatesOf(passages);
  if (candidates.length === 0) return declined;
  const own = new Set(contentTerms(followUp ?? ''));
  const lexical = lexicalScores(contentTerms(question), candidates, (term) => (own.has(term) ? 2 : 1));
  const texts = candidates.map((c) => [c.heading, c.leadIn, c.text].filter(Boolean).join('\n'));
  const asked = followUp ? [question, followUp] : [question];
  const vectors = await embedInGroups(embedder, [...asked, ...texts], signal);
  const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);
  const meaning = candidates.map((_, i) => {
    const sentence = vectors[asked.length + i]!;
    // A follow-up is read both ways: with the question before it, and as said.
    return Math.max(...asked.map((_, q) => cosine(vectors[q]!, sentence)));
  });
  const scored = candidates.map((candidate, i) => ({ candidate, i, meaning: meaning[i]!, score: meaning[i]! + LEXICAL_WEIGHT * lexical[i]! }));
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.i - b.i);
  const best = ranked[0]!;
  const closest = Math.max(...meaning);
  if (closest < MIN_ANSWER_SIMILARITY) return declined;
  if (unknownNames(followUp ?? question, passages).length > 0 && closest < UNKNOWN_NAME_SIMILARITY) return declined;
  const chosen = ranked
    .filter((e) => e.meaning >= MIN_ANSWER_SIMILARITY && e.score >= best.score - SCORE_MARGIN && sameSection(e.candidate, best.candidate))
    .slice(0, Math.max(1, maxSentences))
    .map((e) => e.candidate);
  return composeAnswer(chosen);
}

/**
 * The sentence vectors of this process's recent turns. A chatbot's passages come back turn after turn and each of
 * their sentences costs a model run (about 3 ms of CPU on this kind of machine), as does a question asked before.
 */
const sentenceVectors = new VectorCache(10_000);

/** The sentence-embedding model where it runs here; null where it cannot (the lexical rules stand in). */
export async function sentenceModel(): Promise<Embedder | null> {
  return (await isMiniLmAvailable()) ? cachedEmbedder(createMiniLmEmbedder(), sentenceVectors) : null;
}

/**
 * Whether the passages answer the question at all, judged before a language model is asked: the closest of their
 * sentences must come within MIN_ANSWER_SIMILARITY. Without the sentence model the model is trusted to decline.
 */
export async function passagesAnswer(question: string, passages: Passage[], sentences: Embedder | null, signal?: AbortSignal): Promise<boolean> {
  if (passages.length === 0) return false;
  return !sentences || (await closestMeaning(question, passages, sentences, signal)) >= MIN_ANSWER_SIMILARITY;
}

/** The built-in answerer: by meaning where the sentence model runs, else by the question's words (extractive.ts). */
export async function answerBuiltIn(input: {
  question: string;
  followUp?: string;
  passages: Passage[];
  sentences: Embedder | null;
  signal?: AbortSignal;
}): Promise<ExtractiveAnswer> {
  const { sentences, ...rest } = input;
  return sentences ? answerByMeaning({ ...rest, embedder: sentences }) : answerExtractively({ question: input.question, passages: input.passages });
}
