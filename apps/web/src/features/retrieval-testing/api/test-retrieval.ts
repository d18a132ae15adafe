import type { RetrievalTestBody, RetrievalTestResult } from '@parley/shared/contracts/retrieval-testing';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/chatbots/:id/retrieval-test: the passages the chat would retrieve for a question, ranked. Stores nothing. */
export function testRetrieval({ chatbotId, body }: { chatbotId: string; body: RetrievalTestBody }): Promise<RetrievalTestResult> {
  return api.post<RetrievalTestResult>(`/api/chatbots/${encodeURIComponent(chatbotId)}/retrieval-test`, body);
}

/** A mutation rather than a query: each test is asked for by a click, and nothing it answers is kept or shared. */
export function useTestRetrieval() {
  return useMutation({ mutationFn: testRetrieval });
}
