import { AlertCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';

interface LoadErrorAlertProps {
  /** The screen's own sentence for the failure, often the spec's: "Failed to load FAQs". */
  title: string;
  /**
   * The query that failed (TanStack Query's result, or its error, refetch and isFetching): its error is shown
   * through getErrorMessage, so nothing secret reaches the screen; the button asks again, and spins and cannot be
   * pressed again while it does.
   */
  query: FailedQuery;
  retryLabel?: string;
  /** Other ways on, after the retry button: "Start without a template". */
  children?: ReactNode;
  className?: string;
}

export interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/** A list or screen that could not be loaded: what failed, why, and a button to ask again. */
export function LoadErrorAlert({ title, query, retryLabel = 'Retry', children, className }: LoadErrorAlertProps) {
  return (
    <Alert variant="destructive" className={className}>
      <AlertCircleIcon />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{getErrorMessage(query.error)}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching && <Spinner />}
            {retryLabel}
          </Button>
          {children}
        </div>
      </AlertDescription>
    </Alert>
  );
}
