import { FetchGuardError, NoAnswerError, sendGuarded, TooManyRedirectsError, type GuardOptions } from './safe-request';

/** The guard's failures in a caller's words: "The page could not be fetched: no answer within 5 s." */
function inWordsOf(error: unknown, subject: 'page' | 'address', failure: string): unknown {
  if (error instanceof NoAnswerError) return new FetchGuardError(`The ${subject} ${failure}: ${error.reason}.`);
  if (error instanceof TooManyRedirectsError) return new FetchGuardError(`The ${subject} redirected too many times.`);
  return error;
}

export interface SafeFetchOptions extends GuardOptions {
  maxBytes: number;
}

const PAGE_HEADERS = { 'user-agent': 'ParleyBot/0.1 (+document ingestion)', accept: 'text/html,text/plain,application/pdf,*/*;q=0.5' };

/**
 * Fetches a web page for ingestion through the guarded path (public addresses only, checked at connection time and
 * at every redirect), failing on a non-2xx answer, past the deadline, or past the size limit (enforced while reading).
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<{ data: Uint8Array; contentType: string; finalUrl: string }> {
  const tooLarge = () => new FetchGuardError(`The page is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
  try {
    const answer = await sendGuarded(input, { ...options, method: 'GET', headers: PAGE_HEADERS });
    if (answer.status < 200 || answer.status >= 300) {
      answer.discard();
      throw new FetchGuardError(`The page answered ${answer.status}.`);
    }
    if (Number(answer.headers['content-length'] ?? 0) > options.maxBytes) {
      answer.discard();
      throw tooLarge();
    }
    const { body, isOverLimit, cutOff } = await answer.read(options.maxBytes);
    if (isOverLimit) throw tooLarge();
    if (cutOff) throw cutOff;
    return { data: body, contentType: answer.headers['content-type'] ?? '', finalUrl: answer.finalUrl };
  } catch (error) {
    throw inWordsOf(error, 'page', 'could not be fetched');
  }
}

/**
 * Checks that an address answers (connection tests of integrations) through the guarded path; any HTTP status
 * is an answer, the body is not read.
 */
export async function probeUrl(
  input: string,
  options: GuardOptions & { userAgent?: string },
): Promise<{ status: number; latencyMs: number; finalUrl: string }> {
  try {
    const answer = await sendGuarded(input, { ...options, method: 'GET', headers: { 'user-agent': options.userAgent ?? 'ParleyBot/0.1 (+connection test)' } });
    answer.discard();
    return { status: answer.status, latencyMs: answer.latencyMs, finalUrl: answer.finalUrl };
  } catch (error) {
    throw inWordsOf(error, 'address', 'could not be reached');
  }
}
