import { CHATBOT_ACTION_MESSAGES, type TestChatbotActionResult } from '@parley/shared/contracts/chatbot-actions';
import { AppError } from '../../lib/app-error';
import { argumentsMismatch, compileParameters } from './arguments';
import { assertPublicUrl, findActionInOrganization, type ActionDeps } from './service';
import { runAction } from './run-action';

/**
 * The builder's test: the action's webhook called from the server as the model would call it (the same payload, marked
 * `test`, signed, through the SSRF guard), with sample arguments checked against the schema first. A handoff or
 * contact action only checks (nothing is handed over or stored); an n8n action calls n8n, marked `test`.
 */
export async function testChatbotAction(
  deps: ActionDeps,
  organizationId: string,
  chatbotId: string,
  actionId: string,
  args: Record<string, unknown>,
): Promise<TestChatbotActionResult> {
  const action = await findActionInOrganization(deps.db, organizationId, chatbotId, actionId);
  assertPublicUrl(action.url, deps.allowPrivateNetworks);
  const mismatch = argumentsMismatch(compileParameters(action.parameters), args);
  if (mismatch) throw new AppError('VALIDATION_ERROR', CHATBOT_ACTION_MESSAGES.testArgumentsInvalid(mismatch));
  const outcome = await runAction(action, args, {
    database: deps.database,
    organizationId,
    secretKey: deps.secretKey,
    allowPrivateNetworks: deps.allowPrivateNetworks,
    chatbotId,
    conversationId: null,
    timeoutMs: deps.timeoutMs,
    isTest: true,
    ...(deps.n8nPrivateNetworks !== undefined ? { n8nPrivateNetworks: deps.n8nPrivateNetworks } : {}),
  });
  return {
    success: outcome.ok,
    status: outcome.status ?? 0,
    // Without an HTTP answer: why it failed, or what a built-in kind checked (decisions/0049-built-in-actions.md).
    statusText: outcome.status === null ? (outcome.error ?? outcome.statusText) : outcome.statusText,
    latencyMs: outcome.durationMs,
    responseExcerpt: outcome.excerpt,
  };
}
