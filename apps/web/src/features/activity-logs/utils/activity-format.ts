import { ACTIVITY_DETAILS_MAX_LENGTH, ACTIVITY_ID_PREFIX_LENGTH } from '@parley/shared/admin-console';

export type ActionBadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

const ACTION_STYLES: readonly [RegExp, ActionBadgeVariant][] = [
  [/^(creat(e|es|ed|ing|ion)|add(s|ed|ing)?)$/, 'default'],
  [/^(updat(e|es|ed|ing)|modif(y|ies|ied|ying|ication))$/, 'secondary'],
  [/^(delet(e|es|ed|ing|ion)|remov(e|es|ed|ing|al))$/, 'destructive'],
  [/^(login|logins|logged|logout|auth\w*)$/, 'outline'],
];

/**
 * Spec part 1 §2: the action badge's style follows its wording — create/add default, update/modify secondary,
 * delete/remove destructive, login/auth outline. Whole words count ("address_changed" is not an add); other
 * actions (views, messages, deactivation) are outline too.
 */
export function actionBadgeVariant(action: string): ActionBadgeVariant {
  const words = action
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (const [pattern, variant] of ACTION_STYLES) {
    if (words.some((word) => pattern.test(word))) return variant;
  }
  return 'outline';
}

/** The server adds the browser's user agent to every entry; it is shown as its own line, not as a detail. */
const HIDDEN_DETAIL_KEYS = new Set(['user_agent']);

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** All details as "key: value, …" (without the user agent). */
export function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([key]) => !HIDDEN_DETAIL_KEYS.has(key))
    .map(([key, value]) => `${key}: ${describeValue(value)}`)
    .join(', ');
}

/** Details truncated to 50 characters (spec part 1 §2), with an ellipsis when cut. */
export function truncateDetails(text: string, max: number = ACTIVITY_DETAILS_MAX_LENGTH): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}…`;
}

export function idPrefix(id: string | null): string | null {
  return id ? id.slice(0, ACTIVITY_ID_PREFIX_LENGTH) : null;
}
