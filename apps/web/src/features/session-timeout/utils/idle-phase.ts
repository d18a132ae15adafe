import { SESSION_IDLE_SIGN_OUT_MS, SESSION_IDLE_WARNING_MS } from '@parley/shared/constants';

export type IdlePhase = { phase: 'active' } | { phase: 'warning'; remainingSeconds: number } | { phase: 'expired' };

interface IdleLimits {
  warningMs: number;
  signOutMs: number;
}

const SPEC_LIMITS: IdleLimits = { warningMs: SESSION_IDLE_WARNING_MS, signOutMs: SESSION_IDLE_SIGN_OUT_MS };

/**
 * Spec part 1 §4: after 25 minutes idle the warning counts down the last 300 seconds; at 30 minutes the session
 * ends. Derived from elapsed wall-clock time, so a sleeping tab or a throttled timer still ends on time.
 */
export function getIdlePhase(idleMs: number, limits: IdleLimits = SPEC_LIMITS): IdlePhase {
  if (idleMs >= limits.signOutMs) return { phase: 'expired' };
  if (idleMs >= limits.warningMs) {
    return { phase: 'warning', remainingSeconds: Math.max(0, Math.ceil((limits.signOutMs - idleMs) / 1000)) };
  }
  return { phase: 'active' };
}

export function isSamePhase(a: IdlePhase, b: IdlePhase): boolean {
  if (a.phase !== b.phase) return false;
  return a.phase !== 'warning' || a.remainingSeconds === (b as { remainingSeconds: number }).remainingSeconds;
}

/** 300 → "5:00", 65 → "1:05", 9 → "0:09". */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
