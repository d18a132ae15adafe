import { SESSION_ACTIVITY_EVENTS } from '@parley/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getIdlePhase, isSamePhase, type IdlePhase } from '../utils/idle-phase';

const TICK_MS = 1000;
/**
 * Activity is shared between tabs through this key, so a user working in one tab is not signed out by another
 * idle tab (the server session is the same). The name contains "parley": sign-out clears it with the other keys.
 */
const SHARED_ACTIVITY_KEY = 'parley.lastActivityAt';
const SHARE_EVERY_MS = 5000;

function readSharedActivity(): number {
  try {
    const value = Number(window.localStorage.getItem(SHARED_ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeSharedActivity(at: number): void {
  try {
    window.localStorage.setItem(SHARED_ACTIVITY_KEY, String(at));
  } catch {
    // Without storage each tab keeps its own clock, which is still correct for a single tab.
  }
}

/**
 * Watches the user's activity. Timing uses only setInterval and Date.now (no performance.now or animation frames),
 * so a test clock that fast-forwards time drives it like real time.
 */
export function useIdleTimeout({ onExpire }: { onExpire: () => void }) {
  const lastActivityRef = useRef(Date.now());
  const lastSharedRef = useRef(0);
  const expiredRef = useRef(false);
  const onExpireRef = useRef(onExpire);
  const [phase, setPhase] = useState<IdlePhase>({ phase: 'active' });

  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  /** Activity, or "Continue Session": restart the idle clock and close the warning. */
  const reset = useCallback(() => {
    if (expiredRef.current) return;
    const now = Date.now();
    lastActivityRef.current = now;
    if (now - lastSharedRef.current >= SHARE_EVERY_MS) {
      lastSharedRef.current = now;
      writeSharedActivity(now);
    }
    setPhase((previous) => (previous.phase === 'active' ? previous : { phase: 'active' }));
  }, []);

  useEffect(() => {
    const check = () => {
      if (expiredRef.current) return;
      const lastActivity = Math.max(lastActivityRef.current, readSharedActivity());
      const next = getIdlePhase(Date.now() - lastActivity);
      if (next.phase === 'expired') {
        expiredRef.current = true;
        setPhase(next);
        onExpireRef.current();
        return;
      }
      setPhase((previous) => (isSamePhase(previous, next) ? previous : next));
    };

    const options = { passive: true, capture: true } as const;
    for (const type of SESSION_ACTIVITY_EVENTS) window.addEventListener(type, reset, options);
    const interval = setInterval(check, TICK_MS);
    // A tab coming back from the background checks at once instead of waiting for its throttled timer.
    document.addEventListener('visibilitychange', check);
    return () => {
      for (const type of SESSION_ACTIVITY_EVENTS) window.removeEventListener(type, reset, options);
      clearInterval(interval);
      document.removeEventListener('visibilitychange', check);
    };
  }, [reset]);

  return { phase, reset };
}
