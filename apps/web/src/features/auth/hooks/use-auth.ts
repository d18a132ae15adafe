import type { MeResponse } from '@parley/shared/contracts/auth';
import { MESSAGES } from '@parley/shared/messages';
import { createContext, useContext } from 'react';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';
export type MeUser = MeResponse['user'];
export type MeOrganization = MeResponse['organizations'][number];

export interface AuthContextValue {
  status: AuthStatus;
  me: MeResponse | null;
  user: MeUser | null;
  /** The organization the dashboard acts in (chosen in the switcher; the user's first one by default). */
  organization: MeOrganization | null;
  /** Act in another of the user's organizations: every cached answer of the previous one is dropped. */
  switchOrganization: (organizationId: string) => void;
  /** Why /api/me could not be read (network or server error), when status is 'error'. */
  error: Error | null;
  /** Asks the server again who is signed in. */
  refresh: () => Promise<MeResponse | null>;
  /**
   * Manual sign-out: tells the server, clears local auth state (even if the call fails), confirms with a toast and
   * goes to /auth (or `redirectTo`; the admin console goes to /).
   */
  signOut: (options?: { redirectTo?: string }) => Promise<void>;
  /**
   * Session recovery (spec part 1 §2, §8): ends the session on the server, clears stored auth keys and cached
   * answers, says 'Session Recovery' and goes to /auth. Throws only if the local state could not be cleared.
   */
  recoverSession: () => Promise<void>;
  isSigningOut: boolean;
  /** The server already ended the session (idle timeout): clear local auth state and go to /auth. */
  endSession: (reason: 'idle-timeout') => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(MESSAGES.useAuthOutsideProvider);
  return context;
}
