import type { KnowledgeSource, KnowledgeSourceTotals } from '@parley/shared/contracts/knowledge-sources';

/** While any source is queued or processing, the list asks again this often. */
export const SOURCES_POLL_MS = 1500;
/** Sources on a page of the list. */
export const SOURCE_PAGE_SIZE = 20;

/** What the server can read (its parsers accept these extensions). */
export const ACCEPTED_EXTENSIONS = ['txt', 'md', 'markdown', 'html', 'htm', 'pdf', 'docx', 'csv', 'json'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const STATUS_LABELS: Readonly<Record<KnowledgeSource['status'], string>> = {
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

export function isInProgress(source: Pick<KnowledgeSource, 'status'>): boolean {
  return source.status === 'queued' || source.status === 'processing';
}

/** Whether any of the chatbot's sources (on any page) is still waiting or being processed. */
export function hasSourcesInProgress(totals: Pick<KnowledgeSourceTotals, 'queued' | 'processing'> | undefined): boolean {
  return totals ? totals.queued + totals.processing > 0 : false;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Why a picked file cannot be uploaded, or null when it can (checked before sending megabytes for nothing).
 * `maxFileMb`: the server's configured max_document_size_mb (the sources list says it); unknown yet, the server checks.
 */
export function fileProblem(file: { name: string; size: number }, maxFileMb?: number): string | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return `${file.name}: this kind of file is not supported. Use txt, md, html, pdf, docx, csv or json.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (maxFileMb !== undefined && file.size > maxFileMb * 1024 * 1024) return `${file.name} is larger than ${maxFileMb} MB.`;
  return null;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB" (powers of 1024, one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${UNITS[unit]}`;
}

const countFormat = new Intl.NumberFormat('en');

export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${countFormat.format(count)} ${count === 1 ? singular : plural}`;
}
