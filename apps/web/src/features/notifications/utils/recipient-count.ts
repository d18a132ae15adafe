export type RecipientMode = 'active' | 'all' | 'selected';

/** The N of 'Will send to N users'; null while the count is unknown. */
export function recipientCount(mode: RecipientMode, counts: { active?: number; all?: number }, selected: readonly string[]): number | null {
  if (mode === 'selected') return new Set(selected).size;
  return counts[mode] ?? null;
}

/** Filters the Selected Users list by e-mail or name. */
export function matchesRecipient(recipient: { email: string; fullName: string | null }, filter: string): boolean {
  const term = filter.trim().toLowerCase();
  if (!term) return true;
  return recipient.email.toLowerCase().includes(term) || (recipient.fullName ?? '').toLowerCase().includes(term);
}
