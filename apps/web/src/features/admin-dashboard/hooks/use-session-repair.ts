import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { getAuthHealthQueryOptions } from '../api/check-auth-health';

interface SessionRepairOptions {
  /** Asks the server again who is signed in; resolves to whether a session exists. */
  refreshSession: () => Promise<boolean>;
  /** Ends the session, clears stored auth keys and goes to /auth (it says 'Session Recovery' itself). */
  recoverSession: () => Promise<void>;
}

/** Spec part 1 §2, §8: Quick Fix (refresh the session) and session recovery / Fix Session, with their toasts. */
export function useSessionRepair({ refreshSession, recoverSession }: SessionRepairOptions) {
  const queryClient = useQueryClient();
  const [isFixing, setFixing] = useState(false);
  const [isRecovering, setRecovering] = useState(false);

  const quickFix = useCallback(async () => {
    setFixing(true);
    toast.info(ADMIN_MESSAGES.quickFixStart);
    try {
      const hasSession = await refreshSession();
      await queryClient.refetchQueries({ queryKey: getAuthHealthQueryOptions().queryKey });
      if (hasSession) toast.success(ADMIN_MESSAGES.quickFixDone);
      else toast.error(ADMIN_MESSAGES.quickFixFailed, { description: ADMIN_MESSAGES.quickFixFailedBody });
    } catch {
      toast.error(ADMIN_MESSAGES.quickFixFailed, { description: ADMIN_MESSAGES.quickFixFailedBody });
    } finally {
      setFixing(false);
    }
  }, [refreshSession, queryClient]);

  const recover = useCallback(async () => {
    setRecovering(true);
    try {
      await recoverSession();
    } catch {
      toast.error(ADMIN_MESSAGES.recoveryFailed, { description: ADMIN_MESSAGES.recoveryFailedBody });
      setRecovering(false);
    }
  }, [recoverSession]);

  return { quickFix, isFixing, recover, isRecovering };
}
