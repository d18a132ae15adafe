import type { QueryClient } from '@tanstack/react-query';
import { ORGANIZATION_QUERY_ROOT } from './query-keys';

/** A change to the team shows everywhere on the Team page: members, invitations, activity and the member count. */
export function invalidateTeam(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ORGANIZATION_QUERY_ROOT });
}
