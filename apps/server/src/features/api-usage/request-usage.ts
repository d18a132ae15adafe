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
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** Its row was written with the work it did (a chat turn, in the turn's statement): the recorder leaves it. */
  written: boolean;
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

/**
 * This request's log row, to be written now with the work it did, in the same statement (a chat turn: chat/service.ts),
 * so that it is as durable as that work and costs no round trip; the recorder then leaves the request alone. Its
 * status is the one given and its duration runs until now (the turn's write; the answer's last bytes follow). Null
 * outside a recorded request. Call `markWritten` once the statement committed.
 */
export function requestLogRow(statusCode: number): { row: RequestLogRow; markWritten: () => void } | null {
  const usage = storage.getStore();
  if (!usage) return null;
  return {
    row: logRowOf(usage, { statusCode, durationMs: performance.now() - usage.startedAt, userId: null }),
    markWritten: () => {
      usage.written = true;
    },
  };
}

/** A request's log row: what it used, with how it ended (the recorder's rows and a chat turn's own alike). */
export function logRowOf(usage: RequestUsage, ended: { statusCode: number; durationMs: number; userId: string | null }): RequestLogRow {
  return {
    method: usage.method,
    route: usage.route.slice(0, 300),
    statusCode: ended.statusCode,
    durationMs: Math.round(ended.durationMs * 10) / 10,
    userId: ended.userId,
    apiKeyId: usage.apiKeyId,
    visitorId: usage.visitorId,
    chatbotId: usage.chatbotId,
    ipAddress: usage.ipAddress,
    tokens: usage.tokens,
    costMicros: usage.costMicros,
    provider: usage.provider,
    model: usage.model,
    createdAt: new Date(),
  };
}

/** The api_requests columns a request's log row has. */
export interface RequestLogRow {
  method: string;
  route: string;
  statusCode: number;
  durationMs: number;
  userId: string | null;
  apiKeyId: string | null;
  visitorId: string | null;
  chatbotId: string | null;
  ipAddress: string | null;
  tokens: number;
  costMicros: number;
  provider: string | null;
  model: string | null;
  createdAt: Date;
}
