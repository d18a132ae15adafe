import { N8N_MESSAGES, type N8nWebhookTestResult } from '@parley/shared/contracts/n8n';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';
import { readSystemConfiguration } from '../../services/system-configuration';
import { exchangeWithN8n, recordN8nRequest, failureWithReason } from './requests';
import { loadN8nSettings, n8nBearerSecret } from './settings';
import type { RequestContext } from '../../services/activity-log';
import { joinBaseUrl, urlForLog } from './shared';
import { findEndpoint, toEndpoint } from './workflows';

const RESPONSE_READ_BYTES = 64 * 1024;
const RESPONSE_EXCERPT_CHARS = 500;
const STATUS_TEXT_MAX = 200;

function parseJson(body: Buffer, isTruncated: boolean): unknown {
  if (isTruncated || body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/**
 * Spec §7 "Test webhook": a request with the endpoint's method to the n8n webhook base URL (System
 * Configuration) plus the endpoint's path, JSON, body {test: true, timestamp} except for GET; a non-OK answer
 * fails with "HTTP {status}: {text}". Deviation: instead of the admin's session token (which must not leave
 * Parley) the request carries this installation's n8n bearer secret (Settings → Security).
 * Every test sent is recorded for Monitoring and logged as webhook_tested, in one transaction.
 */
export async function testWebhookEndpoint(
  db: Db,
  input: { id: string; actorId: string; secretKey: string; allowPrivateNetworks: boolean },
  context: RequestContext,
): Promise<N8nWebhookTestResult> {
  const row = await findEndpoint(db, input.id);
  if (!row) throw new AppError('NOT_FOUND', N8N_MESSAGES.webhookNotFound);
  const endpoint = toEndpoint(row, new Map());
  // Inactive means "not in use": testing it would send n8n a request nobody expects and count it on Monitoring.
  if (!endpoint.isActive) throw new AppError('CONFLICT', N8N_MESSAGES.endpointInactive);
  const { n8nWebhookBaseUrl: base } = await readSystemConfiguration(db);
  if (!base) throw new AppError('VALIDATION_ERROR', N8N_MESSAGES.noBaseUrl);
  if (!endpoint.endpointPath) throw new AppError('VALIDATION_ERROR', 'This endpoint has no path. Edit it and enter one.');
  const settings = await loadN8nSettings(db);
  const url = joinBaseUrl(base, endpoint.endpointPath);

  const answer = await exchangeWithN8n({
    url,
    method: endpoint.method,
    body: endpoint.method === 'GET' ? undefined : { test: true, timestamp: new Date().toISOString() },
    bearer: await n8nBearerSecret(db, input.secretKey),
    timeoutMs: settings.n8nWorkflowTimeoutSeconds * 1000,
    maxBytes: RESPONSE_READ_BYTES,
    allowPrivateNetworks: input.allowPrivateNetworks,
  });
  // Refused before anything was sent: the admin must change the address or the server's rules, not n8n.
  if (answer.isBlocked) throw new AppError('VALIDATION_ERROR', N8N_MESSAGES.privateAddress);

  const statusText = answer.statusText.slice(0, STATUS_TEXT_MAX);
  // n8n's own words ("Authorization data is wrong!", "… not registered for GET requests") belong in the message.
  const failure = answer.ok ? null : (failureWithReason(answer) ?? 'The test failed.');
  const result: N8nWebhookTestResult = {
    success: answer.ok,
    status: answer.status,
    statusText,
    latencyMs: answer.durationMs,
    message: failure ?? N8N_MESSAGES.testSucceeded,
    response: answer.ok ? parseJson(answer.body, answer.isTruncated) : null,
    responseExcerpt: answer.body.toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS),
    url: urlForLog(url),
  };
  await db.transaction(async (tx) => {
    await recordN8nRequest(tx, {
      kind: 'webhook_test',
      method: endpoint.method,
      url,
      startedAt: answer.startedAt,
      durationMs: answer.durationMs,
      status: answer.ok ? 'success' : 'error',
      httpStatus: answer.status,
      error: failure,
      workflowId: endpoint.workflowId,
      endpointId: endpoint.id,
      actorId: input.actorId,
    });
    await logAdminActivity(
      tx,
      {
        action: 'webhook_tested',
        resourceType: 'n8n_webhook_endpoint',
        resourceId: endpoint.id,
        adminUserId: input.actorId,
        details: {
          name: endpoint.name,
          endpoint: result.url,
          method: endpoint.method,
          success: result.success,
          status: result.status,
          status_text: statusText,
          latency_ms: result.latencyMs,
        },
      },
      context,
    );
  });
  return result;
}
