import type { ConnectedAccountList } from '@parley/shared/contracts/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ACCOUNT_QUERY_ROOT } from './get-profile';

/** GET /api/account/connected-accounts: the ways this account signs in. */
export function getConnectedAccounts({ signal }: { signal?: AbortSignal } = {}): Promise<ConnectedAccountList> {
  return api.get<ConnectedAccountList>('/api/account/connected-accounts', { signal });
}

export function getConnectedAccountsQueryOptions() {
  return queryOptions({ queryKey: [...ACCOUNT_QUERY_ROOT, 'connected-accounts'], queryFn: ({ signal }) => getConnectedAccounts({ signal }) });
}

export function useConnectedAccounts() {
  return useQuery(getConnectedAccountsQueryOptions());
}

/** DELETE /api/account/connected-accounts/:id: disconnects a single sign-on provider. */
export function unlinkAccount(accountId: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/account/connected-accounts/${encodeURIComponent(accountId)}`);
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getConnectedAccountsQueryOptions().queryKey }),
  });
}
