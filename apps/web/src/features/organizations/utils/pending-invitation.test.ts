import { describe, expect, it } from 'vitest';
import { forgetPendingInvitation, invitePath, readPendingInvitation, rememberPendingInvitation } from './pending-invitation';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

describe('pending invitation', () => {
  it('keeps a link through the sign-up for a day, then forgets it', () => {
    const store = memoryStorage();
    rememberPendingInvitation(TOKEN, 1_000, store);
    expect(readPendingInvitation(1_000 + 60_000, store)).toBe(TOKEN);
    expect(readPendingInvitation(1_000 + 25 * 60 * 60 * 1000, store)).toBeNull();
    expect(readPendingInvitation(1_000, store)).toBeNull();
  });

  it('ignores anything that is not a token and forgets on request', () => {
    const store = memoryStorage();
    store.setItem('parley-pending-invitation', JSON.stringify({ token: '../../evil', savedAt: 1 }));
    expect(readPendingInvitation(2, store)).toBeNull();
    store.setItem('parley-pending-invitation', 'not json');
    expect(readPendingInvitation(2, store)).toBeNull();
    rememberPendingInvitation(TOKEN, 1, store);
    forgetPendingInvitation(store);
    expect(readPendingInvitation(2, store)).toBeNull();
  });

  it('builds the invite path', () => {
    expect(invitePath(TOKEN)).toBe(`/invite/${TOKEN}`);
  });
});
