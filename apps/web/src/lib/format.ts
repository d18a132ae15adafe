/** Display formats shared by the admin screens. Dates are shown in the viewer's locale and time zone. */

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
