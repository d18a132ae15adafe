import { SEARCH_DEBOUNCE_MS, USER_LIST_PAGE_SIZE } from '@parley/shared/admin-console';
import type { ManagedUser } from '@parley/shared/contracts/admin';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { SearchInput } from '@/components/layout/search-input';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useUsers, type UserStatusFilter } from '../api/get-users';
import type { UserStatusAction } from '../api/set-user-active';
import { pageCount, pageRange } from '../utils/pagination';
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
  const pages = pageCount(USER_LIST_PAGE_SIZE, total);

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
        {query.isPending ? (
          <LoadingRows label="Loading users" rows={4} className="h-12" containerClassName="px-6 sm:px-0" />
        ) : query.isError ? (
          <div className="px-6 sm:px-0">
            <LoadErrorAlert query={query} title="Users could not be loaded" />
          </div>
        ) : (
          <UsersTable
            users={query.data.items}
            currentUserId={currentUserId}
            onView={(user) => setViewing(user.id)}
            onChangeStatus={(user, action) => setChanging({ user, action })}
          />
        )}
        <nav className="flex items-center justify-between gap-3 px-6 text-sm text-muted-foreground sm:px-0" aria-label="Pages">
          <span>{pageRange(page, USER_LIST_PAGE_SIZE, total)}</span>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || query.isFetching}>
              <ChevronLeftIcon />
              Previous
            </Button>
            <span className="tabular-nums">
              {page} / {pages}
            </span>
            <Button variant="outline" size="sm" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages || query.isFetching}>
              Next
              <ChevronRightIcon />
            </Button>
          </div>
        </nav>
      </CardContent>
      {viewing && <UserDetailsDialog userId={viewing} onClose={() => setViewing(null)} />}
      {changing && <UserStatusDialog user={changing.user} action={changing.action} onClose={() => setChanging(null)} />}
    </Card>
  );
}
