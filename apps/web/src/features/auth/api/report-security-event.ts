import type { ClientSecurityEventBody } from '@parley/shared/contracts/auth';
import { api } from '@/lib/api-client';
import { debugLog } from '@/lib/debug-log';

/**
 * POST /api/security-events/client. Best effort: the event is about a session problem, so the call itself may
 * well fail; that must never disturb the user.
 */
export async function reportSecurityEvent(body: ClientSecurityEventBody): Promise<void> {
  debugLog('security', 'warn', `Security event reported: ${body.eventType}`, body.message ? { message: body.message } : undefined);
  try {
    await api.post<{ ok: true }>('/api/security-events/client', {
      eventType: body.eventType,
      ...(body.message ? { message: body.message.slice(0, 500) } : {}),
    });
  } catch {
    // Nothing useful to do: the server is unreachable or the session is already gone.
  }
}
