import { ORGANIZATION_COOKIE, ORGANIZATION_HEADER } from '@parley/shared/access';
import { UUID_PATTERN } from '@parley/shared/constants';

/**
 * The organization the dashboard acts in. Kept in memory for this tab, in localStorage (the next visit and other tabs)
 * and in the `parley_org` cookie (plain links such as CSV downloads, and the inbox stream, carry no header). The api
 * client sends it as `x-organization-id` on every call; the server checks membership and role on each.
 */

/** Contains "parley", so signing out clears it with the other session keys (lib/auth-storage). */
export const ORGANIZATION_STORAGE_KEY = 'parley-organization';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const validId = (value: string | null | undefined): string | null => (value && UUID_PATTERN.test(value) ? value : null);

/** The cookie line that remembers (or, with null, forgets) the organization for links and streams. */
export function organizationCookie(id: string | null, secure = false): string {
  const attributes = `path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return id
    ? `${ORGANIZATION_COOKIE}=${encodeURIComponent(id)}; ${attributes}; max-age=${COOKIE_MAX_AGE_SECONDS}`
    : `${ORGANIZATION_COOKIE}=; ${attributes}; max-age=0`;
}

/** Which of the user's organizations to act in: the remembered one while they still belong to it, else the first (oldest). */
export function chooseOrganization(remembered: string | null, organizations: readonly { id: string }[]): string | null {
  if (remembered && organizations.some((organization) => organization.id === remembered)) return remembered;
  return organizations[0]?.id ?? null;
}

type Listener = () => void;

export interface OrganizationStore {
  get(): string | null;
  /** Remembers the choice everywhere; listeners hear about a change. */
  set(id: string | null): void;
  /** Keeps the remembered choice if the user still belongs to it, else falls back to their first organization. */
  reconcile(organizations: readonly { id: string }[]): string | null;
  subscribe(listener: Listener): () => void;
  headers(): Record<string, string>;
  /** Another tab chose an organization (a `storage` event for our key). */
  syncFromStorage(): void;
}

export function createOrganizationStore(options: {
  storage: () => KeyValueStorage | null;
  writeCookie: (line: string) => void;
  isSecure: () => boolean;
}): OrganizationStore {
  const readStorage = () => {
    try {
      return validId(options.storage()?.getItem(ORGANIZATION_STORAGE_KEY));
    } catch {
      return null;
    }
  };
  let current = readStorage();
  const listeners = new Set<Listener>();

  const remember = (id: string | null) => {
    try {
      const storage = options.storage();
      if (id) storage?.setItem(ORGANIZATION_STORAGE_KEY, id);
      else storage?.removeItem(ORGANIZATION_STORAGE_KEY);
    } catch {
      // Storage can be unavailable (private mode): the choice lives for this tab and in the cookie.
    }
    options.writeCookie(organizationCookie(id, options.isSecure()));
  };

  const store: OrganizationStore = {
    get: () => current,
    set(id) {
      const next = validId(id);
      remember(next);
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    reconcile(organizations) {
      const chosen = chooseOrganization(current, organizations);
      // Written even when unchanged: the cookie may be missing (a new browser session) or stale.
      store.set(chosen);
      return chosen;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    headers: (): Record<string, string> => (current ? { [ORGANIZATION_HEADER]: current } : {}),
    syncFromStorage() {
      const stored = readStorage();
      if (stored === current) return;
      current = stored;
      for (const listener of [...listeners]) listener();
    },
  };
  return store;
}

const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

/** The one store of the running app. */
export const currentOrganization = createOrganizationStore({
  storage: () => (inBrowser ? window.localStorage : null),
  writeCookie: (line) => {
    if (inBrowser) document.cookie = line;
  },
  isSecure: () => inBrowser && window.location.protocol === 'https:',
});

if (inBrowser) {
  window.addEventListener('storage', (event) => {
    if (event.key === ORGANIZATION_STORAGE_KEY || event.key === null) currentOrganization.syncFromStorage();
  });
}
