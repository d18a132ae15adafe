import type { MarkdownBlock, MarkdownInline, MarkdownList } from '@parley/shared/markdown/ast';
import { parseMarkdown } from '@parley/shared/markdown/parse-markdown';
import { useMemo, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/*
 * A chat answer's markdown drawn as React elements from the shared parser's tree: text is only ever a child, never
 * HTML, and every href is http:, https: or mailto: (the parser makes no other link).
 */

// The colours are the text colour, lightened, so code and rules show on any bubble (muted, brand-tinted, dark mode).
const CODE_BACKGROUND = 'bg-current/10';

function inlines(nodes: MarkdownInline[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={key} />;
      case 'code':
        return (
          <code key={key} className={cn('rounded px-1 py-0.5 font-mono text-[0.9em]', CODE_BACKGROUND)}>
            {node.text}
          </code>
        );
      case 'strong':
        return (
          <strong key={key} className="font-semibold">
            {inlines(node.children)}
          </strong>
        );
      case 'emphasis':
        return <em key={key}>{inlines(node.children)}</em>;
      case 'link':
        return (
          <a
            key={key}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium underline underline-offset-2 hover:no-underline"
          >
            {inlines(node.children)}
          </a>
        );
    }
  });
}

function List({ list }: { list: MarkdownList }) {
  const items = list.items.map((item, key) => (
    <li key={key} className="pl-0.5">
      {inlines(item.children)}
      {item.list && <List list={item.list} />}
    </li>
  ));
  return list.ordered ? (
    <ol start={list.start === 1 ? undefined : list.start} className="list-decimal space-y-1 pl-5">
      {items}
    </ol>
  ) : (
    <ul className="list-disc space-y-1 pl-5">{items}</ul>
  );
}

/** Headings are bold lines, not h1–h3: an answer's title is no heading of the page it is shown in. */
const HEADING_SIZE = { 1: 'text-base', 2: 'text-[0.95rem]', 3: '' } as const;

function Block({ block, trailing }: { block: MarkdownBlock; trailing?: ReactNode }) {
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          {inlines(block.children)}
          {trailing}
        </p>
      );
    case 'heading':
      return (
        <p className={cn('font-semibold', HEADING_SIZE[block.level])}>
          {inlines(block.children)}
          {trailing}
        </p>
      );
    case 'code_block':
      return (
        <pre className={cn('overflow-x-auto rounded-md px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre', CODE_BACKGROUND)}>
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr className="border-current/15" />;
    case 'list':
      return <List list={block} />;
  }
}

interface MarkdownProps {
  text: string;
  className?: string;
  title?: string;
  /** Drawn at the end of the last paragraph (the cursor of an answer being written). */
  trailing?: ReactNode;
}

/** Markdown text (a chat answer) as formatted content: paragraphs, lists, code, links. */
export function Markdown({ text, className, title, trailing }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  const last = blocks[blocks.length - 1];
  const isTrailingInline = last?.type === 'paragraph' || last?.type === 'heading';
  return (
    <div className={cn('space-y-2 break-words', className)} title={title}>
      {blocks.map((block, key) => (
        <Block key={key} block={block} trailing={isTrailingInline && key === blocks.length - 1 ? trailing : undefined} />
      ))}
      {!isTrailingInline && trailing}
    </div>
  );
}
