import { parseSections } from './document-structure';
import { sentenceSpans, type Span } from './sentences';
import { countTokens, tokenSpans } from './tokens';

/** A chunk before numbering: its body is `text.slice(start, end)`, `heading` the section path printed above it. */
export type SemanticDraft = { start: number; end: number; heading: string };

type Unit = Span & { tokens: number; isHeading: boolean };
type Prefix = { heading: string; budget: number };
type Draft = { heading: string; budget: number; start: number; end: number; tokens: number; isHeadingOnly: boolean; textStart: number; section: number };

const PATH_SEPARATOR = ' > ';

/**
 * The heading path printed above a chunk, at most a quarter of the chunk:
 * outer headings are dropped first, then the innermost title is cut, so deep
 * or verbose outlines never crowd out the content.
 */
function headingPrefix(titles: string[], chunkSize: number): Prefix {
  const limit = Math.floor(chunkSize / 4);
  const parts = [...titles];
  let heading = parts.join(PATH_SEPARATOR);
  while (parts.length > 1 && countTokens(heading) > limit) {
    parts.shift();
    heading = parts.join(PATH_SEPARATOR);
  }
  if (countTokens(heading) > limit) {
    const spans = tokenSpans(heading);
    heading = heading.slice(0, spans.ends[limit - 1]);
  }
  // The prefix and the body are joined by a newline, which costs no token.
  return { heading, budget: chunkSize - countTokens(heading) };
}

function tokenWindows(text: string, span: Span, size: number): Unit[] {
  const spans = tokenSpans(text, span.start, span.end);
  const units: Unit[] = [];
  for (let first = 0; first < spans.length; first += size) {
    const last = Math.min(first + size, spans.length) - 1;
    units.push({ start: spans.starts[first] as number, end: spans.ends[last] as number, tokens: last - first + 1, isHeading: false });
  }
  return units;
}

/** A paragraph as one unit when it fits the budget, else its sentences, and a sentence too long for the budget as runs of words. */
function fitUnits(text: string, span: Span, budget: number): Unit[] {
  const tokens = countTokens(text.slice(span.start, span.end));
  if (tokens <= budget) return [{ ...span, tokens, isHeading: false }];
  return sentenceSpans(text, span.start, span.end).flatMap((sentence) => {
    const sentenceTokens = countTokens(text.slice(sentence.start, sentence.end));
    return sentenceTokens <= budget ? [{ ...sentence, tokens: sentenceTokens, isHeading: false }] : tokenWindows(text, sentence, budget);
  });
}

/** The leading part of `unit` that fits `room` tokens (whole sentences when possible), and the rest. */
function splitToFit(text: string, unit: Unit, room: number): { head: Unit; rest: Unit | null } | null {
  if (room <= 0) return null;
  let headEnd = -1;
  let headTokens = 0;
  for (const sentence of sentenceSpans(text, unit.start, unit.end)) {
    const tokens = countTokens(text.slice(sentence.start, sentence.end));
    if (headTokens + tokens > room) break;
    headEnd = sentence.end;
    headTokens += tokens;
  }
  if (headEnd === -1) {
    const spans = tokenSpans(text, unit.start, unit.end);
    headEnd = spans.ends[room - 1] as number;
    headTokens = room;
  }
  let restStart = headEnd;
  while (restStart < unit.end && /\s/.test(text[restStart] as string)) restStart++;
  const head: Unit = { start: unit.start, end: headEnd, tokens: headTokens, isHeading: false };
  const rest: Unit | null = restStart < unit.end ? { start: restStart, end: unit.end, tokens: unit.tokens - headTokens, isHeading: false } : null;
  return { head, rest };
}

/**
 * Semantic chunking (see chunkers.ts for the rules). Returns drafts in text
 * order; every draft's body plus its heading line fits `chunkSize` tokens.
 */
export function semanticDrafts(text: string, chunkSize: number, chunkOverlap: number): SemanticDraft[] {
  const drafts: SemanticDraft[] = [];
  let current: Draft | null = null;

  const open = (prefix: Prefix, section: number): Draft => ({ ...prefix, start: -1, end: -1, tokens: 0, isHeadingOnly: true, textStart: -1, section });
  const add = (draft: Draft, unit: Unit, section: number): void => {
    if (draft.start < 0) draft.start = unit.start;
    draft.end = unit.end;
    draft.tokens += unit.tokens;
    if (!unit.isHeading) {
      draft.isHeadingOnly = false;
      // Text joins a chunk only within one section, so the chunk belongs to the section of its text.
      draft.section = section;
      if (draft.textStart < 0) draft.textStart = unit.start;
    }
  };
  const finish = (draft: Draft | null): void => {
    if (draft && draft.tokens > 0) drafts.push({ start: draft.start, end: draft.end, heading: draft.heading });
  };
  // Trailing whole sentences of the previous chunk's text, up to `limit` tokens, open the next chunk of the same section.
  const seedOverlap = (draft: Draft, previous: Draft, limit: number): void => {
    if (limit <= 0 || previous.textStart < 0 || previous.section !== draft.section) return;
    let start = -1;
    let tokens = 0;
    const sentences = sentenceSpans(text, previous.textStart, previous.end);
    for (let i = sentences.length - 1; i >= 0; i--) {
      const sentence = sentences[i] as Span;
      const sentenceTokens = countTokens(text.slice(sentence.start, sentence.end));
      if (tokens + sentenceTokens > limit) break;
      tokens += sentenceTokens;
      start = sentence.start;
    }
    if (start >= 0) add(draft, { start, end: previous.end, tokens, isHeading: false }, draft.section);
  };

  parseSections(text).forEach((section, sectionIndex) => {
    const full = headingPrefix(section.path, chunkSize);
    const units: Unit[] = section.paragraphs.flatMap((paragraph) => fitUnits(text, paragraph, full.budget));

    if (section.heading) {
      const ancestors = headingPrefix(section.ancestors, chunkSize);
      const heading: Unit = { ...section.heading, tokens: countTokens(text.slice(section.heading.start, section.heading.end)), isHeading: true };
      if (current && (!current.isHeadingOnly || heading.tokens > current.budget - current.tokens)) {
        finish(current);
        current = null;
      }
      current ??= open(ancestors, sectionIndex);
      if (heading.tokens <= current.budget) add(current, heading, sectionIndex);
      // A heading longer than a chunk is kept as text rather than lost.
      else units.unshift(...fitUnits(text, section.heading, full.budget));
    }

    for (let i = 0; i < units.length; i++) {
      const unit = units[i] as Unit;
      current ??= open(full, sectionIndex);
      const room = current.budget - current.tokens;
      if (unit.tokens <= room) {
        add(current, unit, sectionIndex);
        continue;
      }
      // A heading is never left alone in a chunk: its section's first paragraph is split to join it.
      if (current.isHeadingOnly) {
        const split = splitToFit(text, unit, room);
        if (split) {
          add(current, split.head, sectionIndex);
          if (split.rest) units.splice(i + 1, 0, split.rest);
          continue;
        }
      }
      finish(current);
      const next = open(full, sectionIndex);
      seedOverlap(next, current, Math.min(chunkOverlap, next.budget - unit.tokens));
      add(next, unit, sectionIndex);
      current = next;
    }
  });
  finish(current);
  return drafts;
}
