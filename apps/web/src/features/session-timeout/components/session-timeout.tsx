import { MESSAGES } from '@parley/shared/messages';
import { TimerIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useEndIdleSession } from '../api/end-idle-session';
import { useIdleTimeout } from '../hooks/use-idle-timeout';
import { formatCountdown } from '../utils/idle-phase';

/**
 * Signs an idle user out (spec part 1 §4 "Session"). Mount it only in the signed-in area. `onSignedOut` clears the
 * local session once the server has been told.
 */
export function SessionTimeout({ onSignedOut }: { onSignedOut: () => void }) {
  const { mutateAsync: endIdleSession } = useEndIdleSession();

  const expire = useCallback(() => {
    // The session ends locally even if the server cannot be told (it may already have expired it).
    void endIdleSession()
      .catch(() => undefined)
      .finally(onSignedOut);
  }, [endIdleSession, onSignedOut]);

  const { phase, reset } = useIdleTimeout({ onExpire: expire });
  const remaining = phase.phase === 'warning' ? phase.remainingSeconds : 0;

  return (
    <Dialog open={phase.phase === 'warning'} onOpenChange={(open) => !open && reset()}>
      <DialogContent showCloseButton={false} className="sm:max-w-md" data-testid="session-timeout-dialog">
        <DialogHeader className="items-center text-center sm:items-start sm:text-left">
          <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-amber-500/15">
            <TimerIcon className="size-5 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          </div>
          <DialogTitle>{MESSAGES.sessionTimeoutTitle}</DialogTitle>
          <DialogDescription>{MESSAGES.sessionTimeoutBody(formatCountdown(remaining))}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={reset} autoFocus>
            {MESSAGES.continueSession}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
