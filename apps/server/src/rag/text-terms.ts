/**
 * Words as the local embedder and the extractive answerer compare them:
 * lower-cased, apostrophes dropped, lightly stemmed, with English function
 * words (and the words questions are phrased with) marked as stop words.
 */

// Function words plus question phrasing ("how do I ...", "can you tell me ..."), which says nothing about the topic.
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing ' +
    'done down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not of off on once only or other our ours ourselves out over own same she should so some such than that the ' +
    'their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who ' +
    'whom why will with would you your yours yourself yourselves also get got may might must shall us let please tell know want need like ' +
    'long much many often take takes took taking way anything something everything ' +
    'dont doesnt didnt cant wont isnt arent im ive id youre theyre thats whats whos hows s t'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’]*/gu;

const VOWEL = /[aeiouy]/;

/** Drops a doubled final consonant left by a removed suffix: "running" → "runn" → "run". */
function undouble(stem: string): string {
  const last = stem.at(-1);
  return stem.length > 3 && last === stem.at(-2) && last && !'lsz'.includes(last) && !VOWEL.test(last) ? stem.slice(0, -1) : stem;
}

/**
 * A light suffix stemmer (plural -s/-es/-ies, -ing, -ed), enough for
 * "refunds"/"refunded"/"refunding" to meet "refund" without the surprises of a
 * full Porter stemmer. Words of three letters or fewer are left alone, and no
 * suffix is removed from a stem shorter than three letters.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^\p{Ll}+$/u.test(word)) return word;
  if (word.endsWith('ies') && word.length >= 5) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (/(?:ches|shes|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length >= 6 && VOWEL.test(word.slice(0, -3))) return undouble(word.slice(0, -3));
  if (word.endsWith('ied') && word.length >= 5) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ed') && word.length >= 5 && !word.endsWith('eed') && VOWEL.test(word.slice(0, -2))) return undouble(word.slice(0, -2));
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export type Term = { term: string; isStopWord: boolean };

/** The words of `text`, lower-cased and stemmed, in order, each marked as stop word or not. */
export function terms(text: string): Term[] {
  const result: Term[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/['’]/g, '');
    if (STOP_WORDS.has(word)) result.push({ term: word, isStopWord: true });
    else result.push({ term: stem(word), isStopWord: false });
  }
  return result;
}

/** The distinct content terms of `text` (stop words removed), in order of first use. */
export function contentTerms(text: string): string[] {
  return [
    ...new Set(
      terms(text)
        .filter((t) => !t.isStopWord)
        .map((t) => t.term),
    ),
  ];
}
