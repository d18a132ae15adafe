import { INVITE_PATH_PREFIX } from '@parley/shared/constants';

/**
 * An invitation link opened while signed out is kept here through sign-up (which may finish in another tab, from the
 * confirmation e-mail) and sign-in, so the dashboard can bring the user back to it. Named with "parley": signing out
 * forgets it like the other session keys.
 */
export const PENDING_INVITATION_KEY = 'parley-pending-invitation';
/** A kept link older than this is forgotten (invitations last 7 days; a sign-up does not take a day). */
const KEEP_MS = 24 * 60 * 60 * 1000;

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

export function rememberPendingInvitation(token: string, now = Date.now(), store: Storage | null = storage()): void {
  try {
    store?.setItem(PENDING_INVITATION_KEY, JSON.stringify({ token, savedAt: now }));
  } catch {
    // Without storage the user opens the link again after signing in.
  }
}

export function readPendingInvitation(now = Date.now(), store: Storage | null = storage()): string | null {
  try {
    const raw = store?.getItem(PENDING_INVITATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { token?: unknown; savedAt?: unknown };
    if (typeof value.token !== 'string' || !/^[A-Za-z0-9_-]{20,200}$/.test(value.token)) return null;
    if (typeof value.savedAt !== 'number' || now - value.savedAt > KEEP_MS) {
      store?.removeItem(PENDING_INVITATION_KEY);
      return null;
    }
    return value.token;
  } catch {
    return null;
  }
}

export function forgetPendingInvitation(store: Storage | null = storage()): void {
  try {
    store?.removeItem(PENDING_INVITATION_KEY);
  } catch {
    // Nothing to forget.
  }
}

export const invitePath = (token: string) => `${INVITE_PATH_PREFIX}${encodeURIComponent(token)}`;
