import { sanitizeErrorMessage } from '@parley/shared/sanitize-error';

/** The longest part of the provider's own words that is passed on. */
const MAX_REASON_LENGTH = 200;

/**
 * The AI model provider a chatbot answers with failed the request (an HTTP error, or it could not be reached). Not
 * Parley's fault and not the caller's: the OpenAI-compatible API answers it 502 with `message`, which says so and
 * carries the provider's status and a sanitised reason (never its address, a key or a token).
 */
export class UpstreamProviderError extends Error {
  override name = 'UpstreamProviderError';
  constructor(
    /** The HTTP status the provider answered, or null when it gave none (unreachable, cut off). */
    readonly providerStatus: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface ApiCallLike {
  statusCode?: unknown;
  responseBody?: unknown;
  message?: unknown;
}

/** The AI SDK's APICallError (by its name: the SDK is loaded lazily), also inside a RetryError or as a cause. */
function findApiCallError(error: unknown, depth = 0): ApiCallLike | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const candidate = error as { name?: unknown; lastError?: unknown; cause?: unknown };
  if (candidate.name === 'AI_APICallError') return error as ApiCallLike;
  return findApiCallError(candidate.lastError, depth + 1) ?? findApiCallError(candidate.cause, depth + 1);
}

/** The provider's own explanation from its error body (OpenAI, Anthropic, Google and Mistral all use `error.message` or `message`). */
function reasonIn(body: unknown): string | null {
  if (typeof body !== 'string' || !body.trim()) return null;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = parsed.error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
    if (typeof error === 'string') return error;
    if (typeof parsed.message === 'string') return parsed.message;
    if (typeof parsed.detail === 'string') return parsed.detail;
    return null;
  } catch {
    // Not JSON (an HTML error page from a proxy): not passed on.
    return null;
  }
}

/** One line, no addresses (the provider's URL is the operator's), clipped, and nothing that looks like a credential. */
function safeReason(reason: string | null): string | null {
  if (!reason) return null;
  const line = reason
    .replace(/\s+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/gi, '[address]')
    .replace(/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g, '[address]')
    .trim();
  const clipped = line.length > MAX_REASON_LENGTH ? `${line.slice(0, MAX_REASON_LENGTH - 1)}…` : line;
  const sanitized = sanitizeErrorMessage(clipped, '');
  return sanitized || null;
}

/** What a caller is told when the provider could not be reached (refused connection, reset, DNS): never its address. */
const UNREACHABLE_MESSAGE = 'The chatbot’s AI model provider could not be reached. Please try again later.';

/**
 * The provider's answer with an HTTP error `status` and `body` as an UpstreamProviderError, or — status null — that the
 * provider could not be reached. Used for the AI SDK's errors and for the Chat Completions client's own
 * (answerers/chat-completions.ts).
 */
export function upstreamHttpError(status: number | null, body: unknown, cause?: unknown): UpstreamProviderError {
  if (status === null) return new UpstreamProviderError(null, UNREACHABLE_MESSAGE, { cause });
  const reason = safeReason(reasonIn(body));
  return new UpstreamProviderError(
    status,
    `The chatbot’s AI model provider failed with HTTP ${status}${reason ? `: ${reason}` : '.'}`.replace(/([^.!?…])$/, '$1.'),
    { cause },
  );
}

/**
 * The provider's failure as an UpstreamProviderError, or null when `error` is not one (a bug of ours, the database):
 * those stay 500s. A failure without an HTTP status (refused connection, reset, DNS) says the provider could not be
 * reached, without the provider's address.
 */
export function upstreamProviderError(error: unknown): UpstreamProviderError | null {
  if (error instanceof UpstreamProviderError) return error;
  const apiCall = findApiCallError(error);
  if (!apiCall) return null;
  return upstreamHttpError(typeof apiCall.statusCode === 'number' ? apiCall.statusCode : null, apiCall.responseBody, error);
}
