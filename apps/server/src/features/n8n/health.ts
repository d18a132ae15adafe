import { N8N_MESSAGES, type N8nHealthResult } from '@parley/shared/contracts/n8n';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readSystemConfiguration } from '../../services/system-configuration';
import { exchangeAndRecord, exchangeWithN8n, type N8nAnswer } from './requests';
import { loadN8nSettings } from './settings';
import { healthUrlFor } from './shared';

/** A health check answers at once; a slow one is as good as none. */
const HEALTH_TIMEOUT_MS = 10_000;

/** "No answer within 10 s." → "no answer within 10 s", to follow a colon. */
const sentencePart = (message: string) => message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '');

/**
 * n8n's health endpoint answers `{"status":"ok"}`. That is what tells n8n from any other server answering 200 at the
 * same path: Parley's own pages, a proxy's, another application's.
 */
export function isN8nHealthAnswer(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { status?: unknown } | null;
    return parsed !== null && typeof parsed === 'object' && parsed.status === 'ok';
  } catch {
    return false;
  }
}

/** The failure of a health answer, or null when it is n8n's (a success with n8n's body). */
const judgeHealth = (answer: N8nAnswer) =>
  answer.error ?? (isN8nHealthAnswer(answer.body) ? null : `HTTP ${answer.status}, but the answer is not n8n's ({"status":"ok"})`);

/** What a connection test says of one answer of the health endpoint at `healthUrl`. */
function healthResult(answer: N8nAnswer, healthUrl: string): N8nHealthResult {
  if (answer.isBlocked) {
    return { reachable: false, status: null, latencyMs: null, message: N8N_MESSAGES.privateAddress, healthUrl, isBlocked: true };
  }
  if (answer.ok) {
    return {
      reachable: true,
      status: answer.status,
      latencyMs: answer.durationMs,
      message: `n8n answered HTTP ${answer.status} in ${answer.durationMs} ms.`,
      healthUrl,
      isBlocked: false,
    };
  }
  return {
    reachable: false,
    status: answer.status,
    latencyMs: answer.status === null ? null : answer.durationMs,
    message:
      answer.status === null
        ? `n8n could not be reached: ${sentencePart(answer.error ?? 'no answer')}.`
        : `${answer.error}. Is this the address of an n8n instance (its health endpoint answers ${healthUrl})?`,
    healthUrl,
    isBlocked: false,
  };
}

const healthExchange = (healthUrl: string, timeoutMs: number, allowPrivateNetworks: boolean) => ({
  url: healthUrl,
  method: 'GET' as const,
  bearer: null,
  timeoutMs: Math.min(timeoutMs, HEALTH_TIMEOUT_MS),
  maxBytes: 4096,
  allowPrivateNetworks,
});

/**
 * The connection test (beyond the spec's 2-second simulation): a real GET of n8n's health endpoint
 * (`/healthz`, derived from the base URL) through the SSRF guard, recorded for Monitoring. Reachable only when the
 * answer is n8n's. Without a URL, the configured base URL is tested. No credentials are sent: a typed address may
 * not be n8n at all.
 */
export async function testN8nHealth(db: Db, input: { url: string; actorId: string; allowPrivateNetworks: boolean }): Promise<N8nHealthResult> {
  const base = input.url || (await readSystemConfiguration(db)).n8nWebhookBaseUrl;
  if (!base) throw new AppError('VALIDATION_ERROR', N8N_MESSAGES.noBaseUrl);
  const healthUrl = healthUrlFor(base);
  const settings = await loadN8nSettings(db);
  const answer = await exchangeAndRecord(
    db,
    healthExchange(healthUrl, settings.n8nWorkflowTimeoutSeconds * 1000, input.allowPrivateNetworks),
    { kind: 'connection_test', actorId: input.actorId },
    judgeHealth,
  );
  return healthResult(answer, healthUrl);
}

/** The same test of a typed base URL, unrecorded (System Configuration's Test button). */
export async function probeN8nHealth(base: string, options: { timeoutMs: number; allowPrivateNetworks: boolean }): Promise<N8nHealthResult> {
  const healthUrl = healthUrlFor(base);
  const answer = await exchangeWithN8n(healthExchange(healthUrl, options.timeoutMs, options.allowPrivateNetworks));
  const error = answer.isBlocked ? answer.error : judgeHealth(answer);
  return healthResult({ ...answer, ok: error === null, error }, healthUrl);
}
