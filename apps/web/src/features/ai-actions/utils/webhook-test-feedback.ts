import { AI_ACTION_MESSAGES, httpStatusLabel, type TestActionWebhookResult } from '@parley/shared/contracts/ai-actions';
import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';

/** What the toast after a webhook test says (spec §8). */
export interface WebhookTestFeedback {
  tone: 'success' | 'error';
  title: string;
  description: string;
}

/** The endpoint answered (or did not): success names the status and time, failure "HTTP {status}" and its text. */
export function feedbackForResult(result: TestActionWebhookResult): WebhookTestFeedback {
  if (result.success) {
    return {
      tone: 'success',
      title: AI_ACTION_MESSAGES.webhookTestSucceeded,
      description: `${httpStatusLabel(result.status, result.statusText)} in ${result.latencyMs} ms`,
    };
  }
  if (result.status === 0)
    return { tone: 'error', title: AI_ACTION_MESSAGES.webhookTestFailed, description: result.statusText || 'No answer from the endpoint' };
  const label = httpStatusLabel(result.status, result.statusText);
  const hint = result.status === 401 || result.status === 403 ? ' The endpoint refused the request: check the credentials in the webhook headers.' : '';
  return { tone: 'error', title: AI_ACTION_MESSAGES.webhookTestFailed, description: `${label}.${hint}` };
}

/** Our server refused the test: 403 means the caller lacks admin access (spec §6); otherwise its reason. */
export function feedbackForError(error: { status?: number; message?: string } | null | undefined): WebhookTestFeedback {
  const description =
    error?.status === 403 ? AI_ACTION_MESSAGES.adminAccessRequired : sanitizeErrorMessage(error?.message, 'The test could not be sent. Please try again.');
  return { tone: 'error', title: AI_ACTION_MESSAGES.webhookTestFailed, description };
}
