import { CHATBOT_SEARCH_MAX } from '@parley/shared/contracts/chatbots';
import { ACTION_CALL_OUTCOMES, type ActionCallLogEntry, type ActionCallOutcome } from '@parley/shared/contracts/webhooks';
import { ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { SearchablePicker } from '@/components/form/searchable-picker';
import { EmptyState } from '@/components/layout/empty-state';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatDateTime, formatLatency } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useActionCalls } from '../api/get-action-calls';
import { chatbotOptionsSource } from '../api/get-chatbot-options';
import { DELIVERY_STATUS_STYLE } from '../utils/delivery-display';

const PAGE_SIZE = 20;
const ALL = 'all';
const OUTCOME_LABELS: Record<ActionCallOutcome, string> = { succeeded: 'Delivered', failed: 'Failed' };

function ActionCallRow({ call }: { call: ActionCallLogEntry }) {
  return (
    <li className="grid gap-1 rounded-md border p-3" data-testid="action-call">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Badge variant="outline" className={cn('font-medium', DELIVERY_STATUS_STYLE[call.succeeded ? 'succeeded' : 'dead'])}>
          {OUTCOME_LABELS[call.succeeded ? 'succeeded' : 'failed']}
        </Badge>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-baseline gap-2">
            <code className="truncate font-mono text-xs font-medium">{call.actionName}</code>
            <span className="truncate text-xs text-muted-foreground">{call.chatbotName}</span>
          </span>
          <span className="text-xs text-muted-foreground">
            {formatDateTime(call.at)}
            {call.urlHost && ` · ${call.urlHost}`}
          </span>
        </span>
        <span className="flex items-center gap-3 text-xs text-muted-foreground tabular-nums">
          <span>{call.httpStatus !== null ? `HTTP ${call.httpStatus}` : 'No answer'}</span>
          <span>{formatLatency(call.durationMs)}</span>
        </span>
      </div>
      {call.error && <p className="text-xs text-red-700 dark:text-red-300">{call.error}</p>}
    </li>
  );
}

/**
 * The calls chatbots' answer models made to the organization's webhook actions (issue 41): when, which chatbot and
 * action, the host called, how it answered and how long it took, newest first, by chatbot and outcome, a page at a time.
 */
export function ActionCallLog() {
  const [page, setPage] = useState(1);
  const [chatbotId, setChatbotId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ActionCallOutcome | undefined>(undefined);
  const query = useActionCalls({ page, pageSize: PAGE_SIZE, chatbotId: chatbotId ?? undefined, outcome });
  const isFiltered = chatbotId !== null || outcome !== undefined;

  let body;
  if (query.isPending) body = <LoadingRows label="Loading action calls" rows={4} className="h-14 w-full" />;
  else if (query.isError) body = <LoadErrorAlert query={query} title="The action calls could not be loaded" />;
  else if (query.data.items.length === 0)
    body = (
      <EmptyState
        icon={ZapIcon}
        title={isFiltered ? 'No action calls match' : 'No action calls yet'}
        description={
          isFiltered
            ? 'Choose another chatbot or outcome to see more.'
            : 'When a chatbot’s answer model calls one of its webhook actions, the request shows here: signed like your webhooks, sent once, never retried.'
        }
      />
    );
  else
    body = (
      <ol className="grid gap-2" aria-label="Action calls">
        {query.data.items.map((call) => (
          <ActionCallRow key={call.id} call={call} />
        ))}
      </ol>
    );

  return (
    <section className={cn('grid gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isFetching}>
      <p className="max-w-2xl text-sm text-muted-foreground">
        Requests your chatbots sent to their webhook actions while answering, the owners’ test chats included. An action deleted takes its calls out of this
        log; they stay with the conversations.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="action-calls-chatbot">Chatbot</Label>
          <SearchablePicker
            id="action-calls-chatbot"
            value={chatbotId}
            onChange={(next) => {
              setChatbotId(next);
              setPage(1);
            }}
            source={chatbotOptionsSource}
            noun="chatbots"
            noneLabel="All chatbots"
            missingLabel="A deleted chatbot"
            searchMaxLength={CHATBOT_SEARCH_MAX}
            className="w-56"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="action-calls-outcome">Outcome</Label>
          <Select
            value={outcome ?? ALL}
            onValueChange={(value) => {
              setOutcome(value === ALL ? undefined : (value as ActionCallOutcome));
              setPage(1);
            }}
          >
            <SelectTrigger id="action-calls-outcome" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All outcomes</SelectItem>
              {ACTION_CALL_OUTCOMES.map((value) => (
                <SelectItem key={value} value={value}>
                  {OUTCOME_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      {body}
      <ListPager
        page={page}
        pageSize={PAGE_SIZE}
        total={query.data?.total ?? 0}
        onPage={setPage}
        label="Action call pages"
        busy={query.isFetching}
        noun={['call', 'calls']}
      />
    </section>
  );
}
