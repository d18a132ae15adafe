import type { ChatStreamEvent, PublicChatbot } from '@parley/shared/contracts/chat';
import type { RunOfferedActionBody, RunOfferedActionResult } from '@parley/shared/contracts/chatbot-actions';
import type { VisitorConversationState, VisitorEvent } from '@parley/shared/contracts/handoffs';
import { rateLimitMessage, retryAfterSeconds } from './format';
import { createSseParser } from './sse';

/** What a visitor reads when something fails; the server's own words only where they are meant for them. */
export const TEXT = {
  notAllowed: 'This website is not allowed to use this chatbot.',
  notFound: 'This chatbot is not available.',
  network: 'Could not reach the chat. Check your connection and try again.',
  interrupted: 'The answer was interrupted. Please try again.',
  failed: 'Something went wrong. Please try again.',
  actionGone: 'This action is no longer available.',
} as const;

/** A failed request, with the sentence to show and the HTTP status (null when the network failed). */
export class ChatError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * The user-facing error for a non-2xx answer of the public chat API. `ownWords`: statuses whose message the server
 * wrote for the visitor (400 always; an offered action's 403 is its calls used up, not the website refused).
 */
export async function errorFromResponse(response: Pick<Response, 'status' | 'headers' | 'json'>, ownWords: number[] = []): Promise<ChatError> {
  const { status } = response;
  if (status === 429) return new ChatError(rateLimitMessage(retryAfterSeconds(response.headers.get('retry-after'))), status);
  if (status === 403 && ownWords.indexOf(403) < 0) return new ChatError(TEXT.notAllowed, status);
  if (status === 404) return new ChatError(TEXT.notFound, status);
  if (status === 400 || ownWords.indexOf(status) >= 0) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message) return new ChatError(body.message, status);
  }
  return new ChatError(TEXT.failed, status);
}

async function request(url: string, init: RequestInit, ownWords?: number[]): Promise<Response> {
  let response: Response;
  try {
    // No cookies: the public chat knows visitors by their visitorId only.
    response = await fetch(url, { ...init, credentials: 'omit', mode: 'cors' });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ChatError(TEXT.network, null);
  }
  if (!response.ok) throw await errorFromResponse(response, ownWords);
  return response;
}

const chatbotUrl = (baseUrl: string, chatbotId: string, path: string) => `${baseUrl}/api/public/chatbots/${encodeURIComponent(chatbotId)}/${path}`;

export async function fetchChatbotConfig(baseUrl: string, chatbotId: string): Promise<PublicChatbot> {
  const response = await request(chatbotUrl(baseUrl, chatbotId, 'config'), { method: 'GET' });
  return (await response.json()) as PublicChatbot;
}

export interface SendMessageBody {
  message: string;
  conversationId?: string;
  visitorId: string;
}

/** Posts a question and calls `onEvent` for each server-sent event as it arrives. */
export async function sendChatMessage(
  baseUrl: string,
  chatbotId: string,
  body: SendMessageBody,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await request(chatbotUrl(baseUrl, chatbotId, 'messages'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  await readEvents<ChatStreamEvent>(response, onEvent);
}

/** Reads a server-sent event stream to its end, calling `onEvent` for each event as it arrives. */
async function readEvents<T extends { type: string }>(response: Response, onEvent: (event: T) => void): Promise<void> {
  const parser = createSseParser<T>();
  const reader = response.body && typeof response.body.getReader === 'function' ? response.body.getReader() : null;
  if (!reader) {
    // Browsers without streamed bodies get the whole answer at once.
    parser.push(await response.text()).forEach(onEvent);
    return;
  }
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value) parser.push(value).forEach(onEvent);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new ChatError(TEXT.interrupted, null);
  }
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The visitor asks for a person (the header button, or the offer after an answer the bot did not have). */
export async function requestHandoff(
  baseUrl: string,
  chatbotId: string,
  body: { visitorId: string; conversationId?: string; reason: 'visitor_request' | 'no_answer' },
): Promise<{ state: VisitorConversationState; text: string }> {
  const response = await request(chatbotUrl(baseUrl, chatbotId, 'handoff'), json(body));
  return (await response.json()) as { state: VisitorConversationState; text: string };
}

/** Runs an action an answer offered as a button, once the visitor confirmed it. */
export async function runOfferedAction(
  baseUrl: string,
  chatbotId: string,
  target: { conversationId: string; actionId: string },
  body: RunOfferedActionBody,
): Promise<RunOfferedActionResult> {
  const path = `conversations/${encodeURIComponent(target.conversationId)}/actions/${encodeURIComponent(target.actionId)}`;
  const response = await request(chatbotUrl(baseUrl, chatbotId, path), json(body), [403]);
  return (await response.json()) as RunOfferedActionResult;
}

/** Thumbs up or down on an answer (null takes it back). */
export async function rateAnswer(baseUrl: string, chatbotId: string, messageId: string, body: { visitorId: string; rating: 'up' | 'down' | null }) {
  await request(chatbotUrl(baseUrl, chatbotId, `messages/${encodeURIComponent(messageId)}/feedback`), json(body));
}

/** Where a remembered conversation stands (a person may have answered or closed it while the page was away). */
export async function fetchConversationState(baseUrl: string, chatbotId: string, conversationId: string, visitorId: string): Promise<VisitorConversationState> {
  const path = `conversations/${encodeURIComponent(conversationId)}?visitorId=${encodeURIComponent(visitorId)}`;
  const response = await request(chatbotUrl(baseUrl, chatbotId, path), { method: 'GET' });
  return ((await response.json()) as { state: VisitorConversationState }).state;
}

/** Follows the conversation live until the stream ends or `signal` aborts; `since` replays what was missed. */
export async function followConversation(
  baseUrl: string,
  chatbotId: string,
  conversation: { id: string; visitorId: string; since: string | null },
  onEvent: (event: VisitorEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const query = `visitorId=${encodeURIComponent(conversation.visitorId)}${conversation.since ? `&since=${encodeURIComponent(conversation.since)}` : ''}`;
  const response = await request(chatbotUrl(baseUrl, chatbotId, `conversations/${encodeURIComponent(conversation.id)}/events?${query}`), {
    method: 'GET',
    headers: { accept: 'text/event-stream' },
    signal,
  });
  await readEvents<VisitorEvent>(response, onEvent);
}
