import type { AccountSession } from '@parley/shared/contracts/account';

/** "Chrome 126 on macOS", or what is known of it. */
export function sessionTitle(session: Pick<AccountSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser';
}

/** "Active now" within five minutes (the server writes activity that often), else a relative time. */
export function lastActiveText(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 5) return 'Active now';
  if (minutes < 60) return `Active ${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Active ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `Active ${days} day${days === 1 ? '' : 's'} ago`;
}
