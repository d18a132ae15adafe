import { SEARCH_DEBOUNCE_MS, USER_LIST_PAGE_SIZE } from '@parley/shared/admin-console';
import { USER_SEARCH_MAX, type ManagedUser } from '@parley/shared/contracts/users';
import { useState } from 'react';
import { ListPager } from '@/components/layout/list-pager';
import { SearchInput } from '@/components/layout/search-input';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useUsers, type UserStatusFilter } from '../api/get-users';
import type { UserStatusAction } from '../api/set-user-active';
import { UserDetailsDialog } from './user-details-dialog';
import { UserStatusDialog } from './user-status-dialog';
import { UsersTable } from './users-table';

const STATUS_LABELS: Record<UserStatusFilter, string> = { all: 'All Users', active: 'Active Only', deactivated: 'Deactivated Only' };

/** Spec part 1 §2 "User Management": search, status filter, the table, details and status changes, pages of 100. */
export function UsersManager({ currentUserId }: { currentUserId: string | null }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const [page, setPage] = useState(1);
  const query = useUsers({ search, status, page });
  const [viewing, setViewing] = useState<string | null>(null);
  const [changing, setChanging] = useState<{ user: ManagedUser; action: UserStatusAction } | null>(null);

  const total = query.data?.total ?? 0;

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          value={searchText}
          onChange={(value) => {
            setSearchText(value);
            setPage(1);
          }}
          placeholder="Search by e-mail or name"
          label="Search users by e-mail or name"
          maxLength={USER_SEARCH_MAX}
        />
        <Select
          value={status}
          onValueChange={(next) => {
            setStatus(next as UserStatusFilter);
            setPage(1);
          }}
        >
          <SelectTrigger className="w-full sm:w-48" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(STATUS_LABELS) as UserStatusFilter[]).map((value) => (
              <SelectItem key={value} value={value}>
                {STATUS_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {query.isFetching && !query.isPending && <Spinner className="text-muted-foreground" />}
      </CardHeader>
      <CardContent className="grid gap-4 px-0 sm:px-6">
        <ResourceStates
          query={query}
          loading={<LoadingRows label="Loading users" rows={4} className="h-12" containerClassName="px-6 sm:px-0" />}
          loadFailedTitle="Users could not be loaded"
          alertClassName="px-6 sm:px-0"
        >
          {({ items }) => (
            <UsersTable
              users={items}
              currentUserId={currentUserId}
              onView={(user) => setViewing(user.id)}
              onChangeStatus={(user, action) => setChanging({ user, action })}
            />
          )}
        </ResourceStates>
        <ListPager
          page={page}
          pageSize={USER_LIST_PAGE_SIZE}
          total={total}
          onPage={setPage}
          label="User pages"
          busy={query.isFetching}
          noun={['user', 'users']}
          className="px-6 sm:px-0"
        />
      </CardContent>
      {viewing && <UserDetailsDialog userId={viewing} onClose={() => setViewing(null)} />}
      {changing && <UserStatusDialog user={changing.user} action={changing.action} onClose={() => setChanging(null)} />}
    </Card>
  );
}
