import { terms } from '../text-terms';
import type { Embedder } from './types';

export const LOCAL_EMBEDDER_MODEL = 'feature-hash-v1';

// Relative weight of each kind of feature: topic words dominate, word pairs reward phrases, character trigrams catch spelling and word-form variants.
const WORD_WEIGHT = 1;
const STOP_WORD_WEIGHT = 0.1;
const BIGRAM_WEIGHT = 0.5;
const TRIGRAM_WEIGHT = 0.15;

// Different seeds keep a word, a word pair and a trigram with the same characters from landing in the same bucket by construction.
const WORD_SEED = 0x811c9dc5;
const BIGRAM_SEED = 0x01000193;
const TRIGRAM_SEED = 0x5bd1e995;

// Batches yield to the event loop this often, so a large document does not stall the requests served beside it.
const TEXTS_PER_SLICE = 64;

/** FNV-1a over UTF-16 code units, continuing from `seed` (so hashing "a b" equals hashing "a", then " ", then "b"). */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const SPACE_CODE = 0x20;
const START_CODE = 0x5e; // '^'
const END_CODE = 0x24; // '$'

/** fnv1a of three code units, without building the three-character string. */
function fnv1a3(a: number, b: number, c: number, seed: number): number {
  let hash = seed >>> 0;
  hash = Math.imul(hash ^ a, 0x01000193);
  hash = Math.imul(hash ^ b, 0x01000193);
  hash = Math.imul(hash ^ c, 0x01000193);
  return hash >>> 0;
}

// Murmur3's finaliser: decorrelates the sign bit from the bucket bits of the same hash.
function mix(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function addFeature(features: Map<number, { weight: number; count: number }>, hash: number, weight: number): void {
  const feature = features.get(hash);
  if (feature) feature.count++;
  else features.set(hash, { weight, count: 1 });
}

/**
 * The vector of one text. Features: lower-cased stemmed words (stop words at a
 * tenth of the weight), pairs of consecutive content words, and character
 * trigrams of each content word with its boundaries. Each feature adds
 * `weight × (1 + ln tf)` to one of `dimensions` buckets with a hashed sign
 * (the hashing trick), and the vector is scaled to length 1. A text with no
 * words gets a fixed unit vector, so cosine similarity stays defined.
 */
export function embedLocally(text: string, dimensions: number): number[] {
  const features = new Map<number, { weight: number; count: number }>();
  let previous: string | null = null;
  for (const { term, isStopWord } of terms(text)) {
    addFeature(features, fnv1a(term, WORD_SEED), isStopWord ? STOP_WORD_WEIGHT : WORD_WEIGHT);
    if (isStopWord) continue;
    // The hash of `${previous} ${term}` and of each trigram of `^${term}$`, computed without building the strings.
    if (previous !== null) addFeature(features, fnv1a(term, Math.imul(fnv1a(previous, BIGRAM_SEED) ^ SPACE_CODE, 0x01000193)), BIGRAM_WEIGHT);
    previous = term;
    const last = term.length + 1;
    const at = (i: number) => (i === 0 ? START_CODE : i === last ? END_CODE : term.charCodeAt(i - 1));
    for (let i = 0; i + 2 <= last; i++) addFeature(features, fnv1a3(at(i), at(i + 1), at(i + 2), TRIGRAM_SEED), TRIGRAM_WEIGHT);
  }
  const vector = new Array<number>(dimensions).fill(0);
  if (features.size === 0) features.set(fnv1a('', WORD_SEED), { weight: 1, count: 1 });
  for (const [hash, { weight, count }] of features) {
    const mixed = mix(hash);
    const bucket = mixed % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + (mixed & 0x80000000 ? -1 : 1) * weight * (1 + Math.log(count));
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  // Opposite signs can cancel exactly in a tiny vector; fall back to the fixed unit vector rather than divide by zero.
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((value) => value / norm);
}

/**
 * The built-in embedder: no network, no model file, deterministic across
 * processes and versions of Node. Good at matching shared words and word
 * forms, blind to synonyms; used by default and in tests.
 */
export function createLocalEmbedder({ dimensions = 384 }: { dimensions?: number } = {}): Embedder {
  if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 16000)
    throw new RangeError(`Local embedder dimensions must be a whole number from 8 to 16000 (got ${dimensions}).`);
  return {
    id: `local/${LOCAL_EMBEDDER_MODEL}@${dimensions}`,
    provider: 'local',
    model: LOCAL_EMBEDDER_MODEL,
    dimensions,
    async embed(texts, options = {}) {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i++) {
        if (i % TEXTS_PER_SLICE === 0) {
          if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
          options.signal?.throwIfAborted();
        }
        vectors.push(embedLocally(texts[i] as string, dimensions));
      }
      return vectors;
    },
  };
}
