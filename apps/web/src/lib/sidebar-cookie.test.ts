import { describe, expect, it } from 'vitest';
import { readSidebarCookie, sidebarCookie } from './sidebar-cookie';

describe('sidebar cookie', () => {
  it('is named sidebar_state and lives 7 days', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });

  it('reads the stored state among other cookies', () => {
    expect(readSidebarCookie('theme=dark; sidebar_state=false; x=1')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('falls back when absent or garbled', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('sidebar_state=maybe', false)).toBe(false);
    expect(readSidebarCookie('my_sidebar_state=false')).toBe(true);
  });
});
