import type { TestActionWebhookBody } from '@parley/shared/contracts/ai-actions';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-error';
import { useTestActionWebhook } from '../api/test-action-webhook';
import { feedbackForError, feedbackForResult, type WebhookTestFeedback } from '../utils/webhook-test-feedback';

function show(feedback: WebhookTestFeedback) {
  if (feedback.tone === 'success') toast.success(feedback.title, { description: feedback.description });
  else toast.error(feedback.title, { description: feedback.description });
}

/** Sends one webhook test through the server and reports it in a toast; `testingKey` says which webhook is under test. */
export function useWebhookTester(templateId: string | undefined) {
  const mutation = useTestActionWebhook();
  const [testingKey, setTestingKey] = useState<string | null>(null);

  const test = (key: string, body: Omit<TestActionWebhookBody, 'templateId'>) => {
    setTestingKey(key);
    mutation.mutate(
      { ...body, ...(templateId ? { templateId } : {}) },
      {
        onSuccess: (result) => show(feedbackForResult(result)),
        onError: (error) => show(feedbackForError(error instanceof ApiError ? error : { message: error.message })),
        onSettled: () => setTestingKey(null),
      },
    );
  };

  return { test, testingKey, isTesting: mutation.isPending };
}
