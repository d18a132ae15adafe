import type { CLIENT_ADMIN_ACTIONS } from '@parley/shared/contracts/admin-auth';
import { api } from '@/lib/api-client';

export interface AdminActivityBody {
  action: (typeof CLIENT_ADMIN_ACTIONS)[number];
  resourceType?: string;
  resourceId?: string;
  metadata?: Record<string, unknown>;
}

/**
 * POST /api/admin/activity: the console's sign-out, which only the browser sees (admin_logout; page views are not
 * activity); the server adds the user agent and writes the entry. Best effort: a failed audit call must not block the admin.
 */
export async function logAdminActivity(body: AdminActivityBody): Promise<boolean> {
  try {
    await api.post<{ ok: true }>('/api/admin/activity', body);
    return true;
  } catch (error) {
    console.warn('Could not record admin activity', body.action, error);
    return false;
  }
}
