import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '@/lib/toast';
import { getErrorMessage } from '@/lib/api-error';
import { sendTestMessage } from '../api/send-test-message';
import { EMPTY_TRANSCRIPT, isStreaming, transcriptReducer } from '../utils/chat-transcript';

let nextTurn = 0;
// A counter, not crypto.randomUUID(): that exists only in secure contexts, and Parley may be reached over plain http on a LAN.
const turnId = (prefix: string) => `${prefix}-${++nextTurn}`;

/** One test conversation with a chatbot: ask, watch the answer stream in, stop it, or start over. */
export function useTestChat(chatbotId: string) {
  const [transcript, dispatch] = useReducer(transcriptReducer, EMPTY_TRANSCRIPT);
  const controllerRef = useRef<AbortController | null>(null);
  // The conversation id as of now, without re-creating `ask` on every streamed event.
  const conversationRef = useRef<string | null>(null);
  useEffect(() => {
    conversationRef.current = transcript.conversationId;
  }, [transcript.conversationId]);

  const abort = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
  }, []);

  // Leaving the page ends the stream.
  useEffect(() => abort, [abort]);

  const ask = useCallback(
    async (message: string) => {
      const text = message.trim();
      if (!text) return;
      abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      const answerId = turnId('answer');
      dispatch({ type: 'ask', question: { id: turnId('question'), role: 'user', text }, answerId });
      try {
        const events = sendTestMessage(chatbotId, { message: text, conversationId: conversationRef.current ?? undefined }, { signal: controller.signal });
        for await (const event of events) {
          dispatch({ type: 'event', answerId, event });
          if (event.type === 'error') toast.error(event.message);
        }
        // A stream that ends without `done` or `error` was cut off.
        dispatch({ type: 'fail', answerId, message: 'The answer was cut off. Please ask again.' });
      } catch (error) {
        if (controller.signal.aborted) return;
        const reason = getErrorMessage(error);
        dispatch({ type: 'fail', answerId, message: reason });
        toast.error(`The chatbot could not answer: ${reason}`);
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [abort, chatbotId],
  );

  const stop = useCallback(() => {
    const last = transcript.turns.at(-1);
    abort();
    if (last?.role === 'assistant') dispatch({ type: 'stop', answerId: last.id });
  }, [abort, transcript.turns]);

  const reset = useCallback(() => {
    abort();
    dispatch({ type: 'reset' });
  }, [abort]);

  return { transcript, isStreaming: isStreaming(transcript), ask, stop, reset };
}
