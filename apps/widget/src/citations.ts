import type { StoredCitation } from './storage';

/** One document an answer came from: the numbers its passages are cited by ("[2]" in the answer), and their excerpts. */
export interface SourceGroup {
  name: string;
  numbers: number[];
  excerpts: { number: number | null; text: string }[];
}

/**
 * The citations of an answer, one entry per document in the order first cited, each with its passages' numbers (as
 * the answer cites them), ascending. A citation stored before numbers were kept has none.
 */
export function groupCitations(citations: readonly StoredCitation[]): SourceGroup[] {
  const bySource = new Map<string, SourceGroup>();
  for (const c of citations) {
    const group = bySource.get(c.sourceId) ?? { name: c.sourceName, numbers: [], excerpts: [] };
    const number = typeof c.number === 'number' ? c.number : null;
    if (number !== null && group.numbers.indexOf(number) < 0) group.numbers.push(number);
    if (c.excerpt && !group.excerpts.some((e) => e.text === c.excerpt)) group.excerpts.push({ number, text: c.excerpt });
    bySource.set(c.sourceId, group);
  }
  const groups: SourceGroup[] = [];
  bySource.forEach((group) => groups.push({ ...group, numbers: group.numbers.sort((a, b) => a - b) }));
  return groups;
}
