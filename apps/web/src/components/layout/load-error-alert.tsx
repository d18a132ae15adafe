import { AlertCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';

interface LoadErrorAlertProps {
  /** The screen's own sentence for the failure, often the spec's: "Failed to load FAQs". */
  title: string;
  /** Shown through getErrorMessage, so nothing secret reaches the screen. */
  error: unknown;
  onRetry: () => void;
  /** While a retry is under way the button spins and cannot be pressed again. */
  isRetrying?: boolean;
  retryLabel?: string;
  /** Other ways on, after the retry button: "Start without a template". */
  children?: ReactNode;
  className?: string;
}

/** A list or screen that could not be loaded: what failed, why, and a button to ask again. */
export function LoadErrorAlert({ title, error, onRetry, isRetrying = false, retryLabel = 'Retry', children, className }: LoadErrorAlertProps) {
  return (
    <Alert variant="destructive" className={className}>
      <AlertCircleIcon />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{getErrorMessage(error)}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
            {isRetrying && <Spinner />}
            {retryLabel}
          </Button>
          {children}
        </div>
      </AlertDescription>
    </Alert>
  );
}
