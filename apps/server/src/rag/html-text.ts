import type * as HtmlToText from 'html-to-text';
import type { FormatCallback } from 'html-to-text';
import { lazyRequire } from '../lib/lazy-require';

const loadHtmlToText = lazyRequire<typeof HtmlToText>('html-to-text');

const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

// Headings become Markdown `#` lines so the semantic chunker sees the document's outline.
const markdownHeading: FormatCallback = (elem, walk, builder, formatOptions) => {
  const level = Number((formatOptions as { level?: number }).level ?? 1);
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addInline(`${'#'.repeat(level)} `, { noWordTransform: true });
  walk(elem.children ?? [], builder);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

// Cells of a row on one line, separated by " | ", so a row keeps its meaning as a sentence.
const tableCell: FormatCallback = (elem, walk, builder) => {
  const cells = (elem.parent?.children ?? []).filter((node) => node.type === 'tag' && (node.name === 'td' || node.name === 'th'));
  if (cells[0] !== elem) builder.addInline(' | ', { noWordTransform: true });
  walk(elem.children ?? [], builder);
};

// Page furniture and code carry no answerable content; link targets and image addresses are noise to retrieval.
const SKIPPED = ['script', 'style', 'noscript', 'template', 'nav', 'svg', 'canvas', 'iframe', 'object', 'button', 'select', 'img'];

let converter: ((html: string) => string) | undefined;
const convert = (html: string) => (converter ??= compileConverter())(html);

const compileConverter = () =>
  loadHtmlToText().compile({
    wordwrap: false,
    formatters: { markdownHeading, tableCell },
    selectors: [
      ...HEADING_LEVELS.map((level) => ({ selector: `h${level}`, format: 'markdownHeading', options: { level } })),
      ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'ul', options: { itemPrefix: '- ' } },
      { selector: 'hr', format: 'skip' },
      { selector: 'table', format: 'block', options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
      { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
      { selector: 'td', format: 'tableCell' },
      { selector: 'th', format: 'tableCell' },
    ],
  });

/** Visible text of an HTML document, headings as `#` lines, paragraphs separated by blank lines. */
export function htmlToPlainText(html: string): string {
  return convert(html);
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');

/** The document's <title>, when it has a non-empty one. */
export function htmlTitle(html: string): string | undefined {
  // The title sits in <head>; looking only there keeps a huge page without one from being scanned.
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html.slice(0, 100_000));
  const title = match?.[1] ? decodeEntities(match[1]).replace(/\s+/g, ' ').trim() : '';
  return title || undefined;
}
