import { AsyncLocalStorage } from 'node:async_hooks';
import { estimateCostMicros } from './pricing';

/**
 * What one API request used, gathered while it runs: the recorder opens a store per request and code deep
 * inside (the chat service, the API-key check, the rate limiter) notes into it without being handed the request.
 */
export interface RequestUsage {
  method: string;
  route: string;
  ipAddress: string | null;
  apiKeyId: string | null;
  visitorId: string | null;
  chatbotId: string | null;
  tokens: number;
  costMicros: number;
  provider: string | null;
  model: string | null;
}

const storage = new AsyncLocalStorage<RequestUsage>();

export function runWithRequestUsage(usage: RequestUsage, next: () => void): void {
  storage.run(usage, next);
}

export function currentRequestUsage(): RequestUsage | undefined {
  return storage.getStore();
}

/**
 * A chat answer: `tokens` as metered for the organization (the usage ledger), input and output tokens as the model
 * counted them for the cost estimate; `provider` null means the built-in answerer (free).
 */
export function noteAnswerUsage(answer: {
  chatbotId: string;
  visitorId: string | null;
  tokens: number;
  inputTokens: number;
  outputTokens: number;
  provider: string | null;
  model: string | null;
}): void {
  const usage = storage.getStore();
  if (!usage) return;
  usage.chatbotId = answer.chatbotId;
  if (answer.visitorId && !usage.visitorId) usage.visitorId = answer.visitorId.slice(0, 200);
  usage.tokens += answer.tokens;
  usage.costMicros += estimateCostMicros(answer);
  usage.provider = answer.provider ?? 'builtin';
  usage.model = answer.model;
}

/** The customer API key that authenticated this request. */
export function noteApiKeyCaller(apiKeyId: string): void {
  const usage = storage.getStore();
  if (usage) usage.apiKeyId = apiKeyId;
}
