import type { ChangeEmailBody } from '@parley/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where the confirmation link lands once opened (the settings page reads `email=changed` or `error=`). */
export const EMAIL_CHANGED_CALLBACK = '/dashboard/settings?tab=profile&email=changed';

/** POST /api/auth/change-email (Better Auth): a link goes to the new address; nothing changes until it is opened. */
export function changeEmail(newEmail: string): Promise<{ status: boolean }> {
  const body: ChangeEmailBody = { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK };
  return api.post<{ status: boolean }>('/api/auth/change-email', body);
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
