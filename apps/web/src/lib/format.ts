/**
 * Display formats shared by the screens. Dates are shown in the viewer's locale and time zone; numbers in the app's
 * language (English), so that figures read the same next to the English labels around them.
 */

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '—';
}

export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : '—';
}

export function formatTime(iso: string | number): string {
  const date = typeof iso === 'number' ? new Date(iso) : parse(iso);
  return date ? timeFormat.format(date) : '—';
}

/** "admin_user_created" → "Admin user created". */
export function humanize(token: string): string {
  const words = token.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : token;
}

/** The first characters of an id, as the activity log shows them (spec part 1 §2). */
export function shortId(id: string, length = 8): string {
  return id.slice(0, length);
}

const fullNumber = new Intl.NumberFormat('en-US');
const compactNumber = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 12,345. */
export function formatNumber(value: number): string {
  return fullNumber.format(value);
}

/** 950, 12.3K, 4.5M: for figures that only need to be read at a glance (token counts, axis ticks). */
export function formatCompactNumber(value: number): string {
  return Math.abs(value) < 1000 ? fullNumber.format(Math.round(value)) : compactNumber.format(value);
}

/**
 * A share from 0 to 1 as a whole percentage: 0.874 → "87%". A sliver is "<1%" and almost all is ">99%", so that
 * neither reads as none or as all; no share (nothing to divide by) is a dash.
 */
export function formatRatio(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  const percent = ratio * 100;
  if (percent > 0 && percent < 1) return '<1%';
  if (percent > 99 && percent < 100) return '>99%';
  return `${Math.round(percent)}%`;
}

/** A duration such as a response time: "850 ms", "1.2 s", "14 s", "2 min 5 s"; none is a dash. */
export function formatLatency(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  // The limits sit where rounding would otherwise print "1000 ms" or "10.0 s".
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  if (ms < 9_950) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** A file size: "512 B", "12.3 KB", "4.5 MB" (units of 1,024). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 100 ? Number(value.toFixed(1)) : Math.round(value)} ${units[unit]}`;
}
