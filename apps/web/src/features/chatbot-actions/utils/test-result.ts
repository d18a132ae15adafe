import type { TestChatbotActionResult } from '@parley/shared/contracts/chatbot-actions';
import { formatLatency } from '@/lib/format';

/** "HTTP 200 OK · 120 ms", or why no answer came ("No answer within 10 s · 10 s"). */
export function describeTestResult(result: TestChatbotActionResult): string {
  const status = result.status > 0 ? `HTTP ${result.status}${result.statusText ? ` ${result.statusText}` : ''}` : result.statusText || 'No answer';
  return `${status} · ${formatLatency(result.latencyMs)}`;
}
