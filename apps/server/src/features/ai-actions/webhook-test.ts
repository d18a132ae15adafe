import { AI_ACTION_MESSAGES, type TestActionWebhookResult, type testActionWebhookBodySchema } from '@parley/shared/contracts/ai-actions';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { BlockedAddressError, FetchGuardError, safeRequest } from '../../lib/safe-request';
import { logAdminActivity } from '../../services/activity-log';
import { templateExists } from './service';
import type { RequestContext } from '../../services/activity-log';

type TestInput = z.output<typeof testActionWebhookBodySchema>;

/** Bytes of the endpoint's answer read, and characters of it returned to the screen. */
const RESPONSE_READ_BYTES = 16 * 1024;
const RESPONSE_EXCERPT_CHARS = 500;
const STATUS_TEXT_MAX = 200;

/** Where the test went, for the activity log: no credentials or query string (they may hold secrets). */
function endpointForLog(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`;
}

/**
 * Spec §7: a POST (or the webhook's method) to the entered URL with a test flag, a timestamp and the template id;
 * not OK = "HTTP {status}". Sent by the server so the browser's CORS rules do not apply, and only to public
 * addresses. Every test that was sent is logged as webhook_tested (§6).
 */
export async function testActionWebhook(
  db: Db,
  input: TestInput & { actorId: string; allowPrivateNetworks: boolean },
  context: RequestContext,
): Promise<TestActionWebhookResult> {
  if (input.templateId && !(await templateExists(db, input.templateId))) throw new AppError('NOT_FOUND', 'Action template not found.');
  const hasBody = input.method !== 'GET';
  const payload = JSON.stringify({ test: true, timestamp: new Date().toISOString(), template_id: input.templateId ?? null });
  const headers: Record<string, string> = {
    'user-agent': 'Parley-Webhook-Test/1.0',
    accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
    ...(hasBody ? { 'content-type': 'application/json' } : {}),
    ...input.headers,
  };

  let result: TestActionWebhookResult;
  const started = performance.now();
  try {
    const response = await safeRequest(input.endpointUrl, {
      method: input.method,
      headers,
      ...(hasBody ? { body: payload } : {}),
      timeoutMs: input.timeoutSeconds * 1000,
      maxBytes: RESPONSE_READ_BYTES,
      allowPrivateNetworks: input.allowPrivateNetworks,
    });
    result = {
      success: response.status >= 200 && response.status < 300,
      status: response.status,
      statusText: response.statusText.slice(0, STATUS_TEXT_MAX),
      latencyMs: response.latencyMs,
      responseExcerpt: response.body.toString('utf8').slice(0, RESPONSE_EXCERPT_CHARS),
    };
  } catch (error) {
    // Refused before anything was sent: bad input, not a failed test.
    if (error instanceof BlockedAddressError) throw new AppError('VALIDATION_ERROR', AI_ACTION_MESSAGES.privateAddress);
    if (!(error instanceof FetchGuardError)) throw error;
    result = { success: false, status: 0, statusText: error.message, latencyMs: Math.round(performance.now() - started), responseExcerpt: '' };
  }

  await logAdminActivity(
    db,
    {
      action: 'webhook_tested',
      resourceType: 'ai_action_template',
      resourceId: input.templateId ?? null,
      adminUserId: input.actorId,
      details: {
        endpoint: endpointForLog(input.endpointUrl),
        method: input.method,
        success: result.success,
        status: result.status,
        status_text: result.statusText,
        latency_ms: result.latencyMs,
      },
    },
    context,
  );
  return result;
}
