import { AppError } from './app-error';

/**
 * Optimistic concurrency for one record two administrators may edit at once: the edit says which version (`updatedAt`)
 * it was made on, and a record saved since then is not overwritten. Call it on the row read FOR UPDATE in the saving
 * transaction, so the version checked is the version replaced. No expected version: the last save wins.
 * `what` names the record in words the error sanitiser lets through ("this package", "this plan"); never a name an admin typed, which may hold such a word.
 */
const SAVED_AT_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** When another administrator saved, as a person reads it in an error message ("Nov 29, 2026, 9:06:57 AM UTC"). */
export function formatSavedAt(at: Date | string): string {
  return `${SAVED_AT_FORMAT.format(new Date(at))} UTC`;
}

export function assertUnchangedSince(current: Date, expected: string | undefined, what: string): void {
  if (expected === undefined || new Date(expected).getTime() === current.getTime()) return;
  throw new AppError(
    'CONFLICT',
    `Another administrator saved ${what} at ${formatSavedAt(current)} since you opened it, so your changes were not saved. Reload to see theirs, then save yours again.`,
  );
}
