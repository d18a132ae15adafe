import { AlertTriangleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** Shown when this month's live chats of the plan are used up: new requests are turned away in the widget. */
export function UsageLimitBanner({ className }: { className?: string }) {
  return (
    <Alert className={cn('border-amber-500/40 bg-amber-500/10 text-amber-900 dark:text-amber-200', className)} data-testid="handoff-limit-banner">
      <AlertTriangleIcon />
      <AlertTitle>No live chats left this month</AlertTitle>
      <AlertDescription className="text-amber-900/90 dark:text-amber-200/90">
        <p>
          Your plan's live chats for this month are used: visitors are told a person can't take the chat right now. Upgrade your plan to take more.{' '}
          <Link to={paths.subscription} className="font-medium underline underline-offset-4 hover:no-underline">
            See plans
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}
