import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { CheckCircle2Icon, LifeBuoyIcon, ShieldCheckIcon, WrenchIcon, XCircleIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatTime } from '@/lib/format';
import { useAuthHealth } from '../api/check-auth-health';
import { computeAuthHealth } from '../utils/auth-health';

interface AuthHealthCardProps {
  /** The user the web app believes is signed in. */
  frontendUserId: string | null;
  onQuickFix: () => void;
  isFixing: boolean;
  /** Session recovery: clears stale tokens and returns to sign-in. */
  onRecover: () => void;
  isRecovering: boolean;
}

function Check({ label, isOk }: { label: string; isOk: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 py-1.5 text-sm">
      <span>{label}</span>
      {isOk ? (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-success">
          <CheckCircle2Icon className="size-4" aria-hidden="true" /> OK
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-destructive">
          <XCircleIcon className="size-4" aria-hidden="true" /> Failed
        </span>
      )}
    </li>
  );
}

/** Spec part 1 §2: authentication health with Quick Fix and session recovery. */
export function AuthHealthCard({ frontendUserId, onQuickFix, isFixing, onRecover, isRecovering }: AuthHealthCardProps) {
  const query = useAuthHealth();
  const health = query.data ? computeAuthHealth({ frontendUserId, ...query.data }) : null;

  return (
    <Card className="gap-4" data-testid="auth-health">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheckIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Authentication Health
        </CardTitle>
        <CardDescription>Whether this page, your session and your admin record agree.</CardDescription>
        <CardAction>
          {health &&
            (health.isHealthy ? (
              <Badge className="bg-success/15 text-success" variant="outline">
                Healthy
              </Badge>
            ) : (
              <Badge variant="destructive">Needs attention</Badge>
            ))}
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : query.isError || !health ? (
          <p className="text-sm text-destructive">
            {ADMIN_MESSAGES.authHealthFailed}: {getErrorMessage(query.error)}
          </p>
        ) : (
          <>
            <ul className="divide-y">
              <Check label="Signed in on this page" isOk={health.frontendAuth} />
              <Check label="Session valid on the server" isOk={health.sessionValid && health.backendAuth} />
              <Check label="Session not expired" isOk={health.tokensValid} />
              <Check label="Admin record" isOk={health.adminRecord} />
            </ul>
            {health.errors.length > 0 && (
              <ul className="grid gap-1 rounded-md bg-destructive/5 p-3 text-xs text-destructive" aria-label="Problems found">
                {health.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            )}
            <p className="text-xs text-muted-foreground">Last checked {formatTime(health.lastChecked)}</p>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onQuickFix} disabled={isFixing}>
            {isFixing ? <Spinner /> : <WrenchIcon />}
            Quick Fix
          </Button>
          <Button variant="ghost" size="sm" onClick={onRecover} disabled={isRecovering}>
            {isRecovering ? <Spinner /> : <LifeBuoyIcon />}
            Session recovery
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
