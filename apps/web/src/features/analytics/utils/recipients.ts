import { createScheduleBodySchema } from '@parley/shared/contracts/analytics';

/**
 * The addresses typed into the recipients field: separated by commas (or semicolons, spaces, new lines, as people
 * paste them from a mail client), trimmed, without blanks and without the same address twice.
 */
export function parseRecipients(text: string): string[] {
  const seen = new Set<string>();
  const recipients: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const address = part.trim();
    const key = address.toLowerCase();
    if (!address || seen.has(key)) continue;
    seen.add(key);
    recipients.push(address);
  }
  return recipients;
}

/** What is wrong with the recipients, in the shared contract's words (naming the first bad address), or null. */
export function recipientsError(text: string): string | null {
  const recipients = parseRecipients(text);
  const result = createScheduleBodySchema.shape.recipients.safeParse(recipients);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'Enter valid e-mail addresses';
  const index = issue.path[0];
  return typeof index === 'number' && recipients[index] !== undefined ? `${issue.message}: “${recipients[index]}” is not one` : issue.message;
}
