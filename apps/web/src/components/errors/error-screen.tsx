import { MESSAGES } from '@parley/shared/messages';
import { AlertTriangleIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

interface ErrorScreenProps {
  retryCount: number;
  isRetrying?: boolean;
  onRetry: () => void;
  onReload?: () => void;
}

/** Spec part 1 §2 "Generic error screen". */
export function ErrorScreen({ retryCount, isRetrying = false, onRetry, onReload }: ErrorScreenProps) {
  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/30 p-4" role="alert">
      <Card className="w-full max-w-md">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10">
            <AlertTriangleIcon className="size-6 text-destructive" aria-hidden="true" />
          </div>
          <CardTitle className="text-xl">{MESSAGES.errorScreenTitle}</CardTitle>
          <CardDescription>{MESSAGES.errorScreenBody}</CardDescription>
        </CardHeader>
        <CardContent className="text-center text-sm text-muted-foreground">
          <p data-testid="error-retry-count">Retry count: {retryCount}</p>
        </CardContent>
        <CardFooter className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button onClick={onRetry} disabled={isRetrying} className="w-full sm:w-auto">
            <RotateCcwIcon className={isRetrying ? 'animate-spin' : undefined} />
            Try Again
          </Button>
          <Button variant="outline" onClick={onReload ?? (() => window.location.reload())} className="w-full sm:w-auto">
            <RefreshCwIcon />
            Reload Page
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
