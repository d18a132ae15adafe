import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { STATUS_LABELS } from '../utils/chatbot-display';

export function ChatbotStatusBadge({ status, className }: { status: Chatbot['status']; className?: string }) {
  return (
    <Badge variant={status === 'live' ? 'default' : 'secondary'} className={cn(status === 'live' && 'bg-success text-white dark:text-black', className)}>
      <span className={cn('size-1.5 rounded-full', status === 'live' ? 'bg-current' : 'bg-muted-foreground')} aria-hidden="true" />
      {STATUS_LABELS[status]}
    </Badge>
  );
}
