import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { AlertCircleIcon, BotIcon, FileTextIcon, LayersIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { chatbotPath, paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-error';
import { readableTextColor } from '@/lib/color';
import { formatDate } from '@/lib/format';
import { useChatbots } from '../api/get-chatbots';
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

/** The organization's chatbots as cards, or the way to make the first one. */
export function ChatbotList() {
  const { data: chatbots, isPending, error, refetch } = useChatbots();

  if (isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Loading chatbots">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-44 rounded-xl" />
        ))}
      </div>
    );
  }

  if (error) {
    return (
      <Alert variant="destructive">
        <AlertCircleIcon />
        <AlertTitle>Could not load your chatbots</AlertTitle>
        <AlertDescription>
          <p>{getErrorMessage(error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  if (chatbots.length === 0) {
    return (
      <EmptyState
        icon={BotIcon}
        title="No chatbots yet"
        description="A chatbot answers your visitors' questions from the documents you give it, with the sources it used. It takes a minute to set one up."
        action={
          <Button asChild>
            <Link to={paths.newChatbot}>
              <PlusIcon />
              Create your first chatbot
            </Link>
          </Button>
        }
      />
    );
  }

  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Chatbots">
      {chatbots.map((chatbot) => (
        <ChatbotCard key={chatbot.id} chatbot={chatbot} />
      ))}
    </ul>
  );
}
