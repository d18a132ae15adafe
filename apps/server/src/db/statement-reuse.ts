/**
 * What the embedded database's and PostgreSQL's named statements share (decisions/0058-prepared-statements.md): which
 * texts to name, and the error of a named statement whose table changed shape.
 */

/** "cached plan must not change result type": a named statement whose table changed shape; it is parsed again. */
export const RESULT_TYPE_CHANGED = '0A000';
/** The texts seen once are forgotten past this many. */
const MAX_SEEN_ONCE = 2_000;
/** A longer text (a statement with values written into it) is never named. */
const MAX_NAMED_TEXT = 16_000;

/** A statement text is worth naming from its second use: a text used once stays unnamed. */
export class RepeatedTexts {
  readonly #seenOnce = new Set<string>();

  /** Whether `text` was seen before (and is short enough to name); its first sighting is remembered. */
  repeated(text: string): boolean {
    if (text.length > MAX_NAMED_TEXT) return false;
    if (this.#seenOnce.delete(text)) return true;
    if (this.#seenOnce.size >= MAX_SEEN_ONCE) this.#seenOnce.clear();
    this.#seenOnce.add(text);
    return false;
  }
}
