import { EMAIL_MAX_LENGTH } from '@parley/shared/constants';
import { EMAIL_OUTBOX_PAGE_SIZE, EMAIL_STATUS_LABELS, EMAIL_STATUSES, type EmailStatus } from '@parley/shared/contracts/email-outbox';
import { SEARCH_DEBOUNCE_MS } from '@parley/shared/admin-console';
import { MailOpenIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { SearchInput } from '@/components/layout/search-input';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatDateTime } from '@/lib/format';
import { useOutbox } from '../api/get-outbox';
import { EmailStatusBadge } from './email-status-badge';
import { OutboxEmailDialog } from './outbox-email-dialog';

const ALL = '__all';

/** Every e-mail Parley wrote, newest first: find one by address or subject, open it to read its links, resend it. */
export function OutboxView() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useOutbox({ search, status, page });

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>Every e-mail this installation wrote, newest first. Open one to read it and follow or copy its links.</CardDescription>
        <CardAction>
          <Button variant="ghost" size="icon" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label="Refresh the outbox">
            <RefreshCwIcon className={query.isFetching ? 'animate-spin' : undefined} />
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4 px-0 sm:px-6">
        <div className="flex flex-col gap-3 px-6 sm:flex-row sm:items-center sm:px-0">
          <SearchInput
            value={searchText}
            onChange={(value) => {
              setSearchText(value);
              setPage(1);
            }}
            placeholder="Search by address or subject"
            label="Search e-mails by address or subject"
            maxLength={EMAIL_MAX_LENGTH}
          />
          <Select
            value={status || ALL}
            onValueChange={(next) => {
              setStatus(next === ALL ? '' : (next as EmailStatus));
              setPage(1);
            }}
          >
            <SelectTrigger className="w-full sm:w-56" aria-label="Filter by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {EMAIL_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {EMAIL_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {query.isPending ? (
          <LoadingRows label="Loading the outbox" rows={5} className="h-10" containerClassName="px-6 sm:px-0" />
        ) : query.isError ? (
          <div className="px-6 sm:px-0">
            <LoadErrorAlert query={query} title="The outbox could not be loaded" />
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Written</TableHead>
                <TableHead>To</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.items.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                    {search || status ? 'No e-mails match.' : 'No e-mails yet.'}
                  </TableCell>
                </TableRow>
              ) : (
                query.data.items.map((email) => (
                  <TableRow key={email.id} data-testid="outbox-row">
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                      {email.resentAt && <span className="block text-xs">{`Resent ${formatDateTime(email.resentAt)}`}</span>}
                    </TableCell>
                    <TableCell className="max-w-56 truncate">{email.toAddress}</TableCell>
                    <TableCell className="max-w-72 truncate">{email.subject}</TableCell>
                    <TableCell>
                      <EmailStatusBadge status={email.status} />
                    </TableCell>
                    <TableCell className="text-right">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setOpenId(email.id)}
                        aria-label={`Open the e-mail to ${email.toAddress}: ${email.subject}`}
                      >
                        <MailOpenIcon />
                        Open
                      </Button>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        )}
        <ListPager
          page={page}
          pageSize={EMAIL_OUTBOX_PAGE_SIZE}
          total={query.data?.total ?? 0}
          onPage={setPage}
          label="Outbox pages"
          busy={query.isFetching}
          noun={['e-mail', 'e-mails']}
          className="px-6 sm:px-0"
        />
      </CardContent>
      {openId && <OutboxEmailDialog emailId={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}
