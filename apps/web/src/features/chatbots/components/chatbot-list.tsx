import { SEARCH_DEBOUNCE_MS } from '@parley/shared/admin-console';
import { CHATBOT_SEARCH_MAX, type Chatbot } from '@parley/shared/contracts/chatbots';
import { BotIcon, FileTextIcon, LayersIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { SearchInput } from '@/components/layout/search-input';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { chatbotPath, paths } from '@/config/paths';
import { readableTextColor } from '@/lib/color';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePageOfFilter } from '@/hooks/use-page-of-filter';
import { formatDate } from '@/lib/format';
import { CHATBOT_PAGE_SIZE, useChatbots } from '../api/get-chatbots';
import { ChatbotStatusBadge } from './chatbot-status-badge';

const countFormat = new Intl.NumberFormat();

function ChatbotCard({ chatbot }: { chatbot: Chatbot }) {
  return (
    <li>
      <Link
        to={chatbotPath(chatbot.id)}
        className="group block h-full rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        aria-label={`${chatbot.name}, ${chatbot.status === 'live' ? 'live' : 'draft'}`}
      >
        <Card className="h-full gap-4 transition-colors group-hover:border-foreground/20">
          <CardHeader className="gap-2">
            <div className="flex items-start justify-between gap-3">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-lg"
                style={{ backgroundColor: chatbot.appearance.color, color: readableTextColor(chatbot.appearance.color) }}
              >
                <BotIcon className="size-5" aria-hidden="true" />
              </span>
              <ChatbotStatusBadge status={chatbot.status} />
            </div>
            <CardTitle className="truncate pt-1">{chatbot.name}</CardTitle>
            <CardDescription className="line-clamp-2 min-h-10">{chatbot.description || 'No description.'}</CardDescription>
          </CardHeader>
          <CardFooter className="mt-auto flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <FileTextIcon className="size-3.5" aria-hidden="true" />
              {countFormat.format(chatbot.sourceCount)} {chatbot.sourceCount === 1 ? 'source' : 'sources'}
            </span>
            <span className="inline-flex items-center gap-1">
              <LayersIcon className="size-3.5" aria-hidden="true" />
              {countFormat.format(chatbot.chunkCount)} {chatbot.chunkCount === 1 ? 'chunk' : 'chunks'}
            </span>
            <span className="ml-auto">Updated {formatDate(chatbot.updatedAt)}</span>
          </CardFooter>
        </Card>
      </Link>
    </li>
  );
}

/**
 * The organization's chatbots as cards, newest first, a page at a time, or the way to make the first one. The search
 * box appears once there is more than a page, and stays while a search is typed.
 */
export function ChatbotList({ canCreate = true }: { /** Whether the viewer's role may create chatbots (the shared table). */ canCreate?: boolean } = {}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = usePageOfFilter(search);
  const chatbotsQuery = useChatbots({ page, search });
  const { data: list, isPending, error, isPlaceholderData } = chatbotsQuery;

  // The last chatbot of the last page deleted: show the page before it.
  useEffect(() => {
    if (list && !isPlaceholderData && list.items.length === 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(list.total / CHATBOT_PAGE_SIZE)));
    }
  }, [list, page, setPage, isPlaceholderData]);

  if (isPending) {
    return <LoadingRows label="Loading chatbots" rows={3} className="h-44 rounded-xl" containerClassName="gap-4 sm:grid-cols-2 xl:grid-cols-3" />;
  }

  if (error) {
    return <LoadErrorAlert title="Could not load your chatbots" query={chatbotsQuery} retryLabel="Try again" />;
  }

  if (list.total === 0 && !search && !searchText) {
    return (
      <EmptyState
        icon={BotIcon}
        title="No chatbots yet"
        description={
          canCreate
            ? "A chatbot answers your visitors' questions from the documents you give it, with the sources it used. It takes a minute to set one up."
            : 'A chatbot answers visitors from its documents. An owner or admin of your organization creates the chatbots; they appear here.'
        }
        action={
          canCreate ? (
            <Button asChild>
              <Link to={paths.newChatbot}>
                <PlusIcon />
                Create your first chatbot
              </Link>
            </Button>
          ) : undefined
        }
      />
    );
  }

  const searchable = list.total > CHATBOT_PAGE_SIZE || page > 1 || Boolean(search || searchText);
  return (
    <div className="space-y-4">
      {searchable && (
        <div className="flex items-center gap-3">
          <SearchInput
            value={searchText}
            onChange={setSearchText}
            placeholder="Search chatbots…"
            label="Search chatbots by name"
            maxLength={CHATBOT_SEARCH_MAX}
          />
          {chatbotsQuery.isFetching && isPlaceholderData && <Spinner className="text-muted-foreground" />}
        </div>
      )}
      {list.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center">
          <p className="text-sm text-muted-foreground">No chatbots match “{search || searchText.trim()}”.</p>
          <Button variant="outline" size="sm" onClick={() => setSearchText('')}>
            Clear search
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Chatbots">
          {list.items.map((chatbot) => (
            <ChatbotCard key={chatbot.id} chatbot={chatbot} />
          ))}
        </ul>
      )}
      <ListPager page={page} pageSize={CHATBOT_PAGE_SIZE} total={list.total} onPage={setPage} label="Chatbot pages" busy={isPlaceholderData} />
    </div>
  );
}
