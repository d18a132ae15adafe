import { SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from '@parley/shared/admin-console';

/** Reads the sidebar's open state from a `document.cookie` string; `fallback` when the cookie is absent or unreadable. */
export function readSidebarCookie(cookieHeader: string, fallback = true): boolean {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    const value = rest.join('=').trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return fallback;
}

/** The cookie that keeps the sidebar's open state for 7 days (spec part 1 §2, §9). */
export function sidebarCookie(isOpen: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${isOpen}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
