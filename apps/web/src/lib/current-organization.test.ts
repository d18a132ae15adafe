import { describe, expect, it } from 'vitest';
import { chooseOrganization, createOrganizationStore, organizationCookie, ORGANIZATION_STORAGE_KEY } from './current-organization';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function setUp(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const cookies: string[] = [];
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  const store = createOrganizationStore({ storage: () => storage, writeCookie: (line) => cookies.push(line), isSecure: () => false });
  return { store, data, cookies };
}

describe('the current organization', () => {
  it('starts from the remembered choice and sends it as the x-organization-id header', () => {
    const { store } = setUp({ [ORGANIZATION_STORAGE_KEY]: B });
    expect(store.get()).toBe(B);
    expect(store.headers()).toEqual({ 'x-organization-id': B });
    expect(setUp({ [ORGANIZATION_STORAGE_KEY]: 'not-an-id' }).store.get()).toBeNull();
    expect(setUp().store.headers()).toEqual({});
  });

  it('remembers a switch in storage and in the parley_org cookie, and tells listeners once', () => {
    const { store, data, cookies } = setUp();
    let heard = 0;
    store.subscribe(() => (heard += 1));
    store.set(A);
    store.set(A);
    expect(heard).toBe(1);
    expect(data.get(ORGANIZATION_STORAGE_KEY)).toBe(A);
    expect(cookies.at(-1)).toBe(`parley_org=${A}; path=/; SameSite=Lax; max-age=31536000`);
    store.set(null);
    expect(data.has(ORGANIZATION_STORAGE_KEY)).toBe(false);
    expect(cookies.at(-1)).toBe('parley_org=; path=/; SameSite=Lax; max-age=0');
    expect(heard).toBe(2);
  });

  it('keeps the choice while the user belongs to it, and falls back to their first organization otherwise', () => {
    expect(chooseOrganization(B, [{ id: A }, { id: B }])).toBe(B);
    expect(chooseOrganization(B, [{ id: A }])).toBe(A);
    expect(chooseOrganization(null, [{ id: A }, { id: B }])).toBe(A);
    expect(chooseOrganization(A, [])).toBeNull();
    const { store } = setUp({ [ORGANIZATION_STORAGE_KEY]: B });
    expect(store.reconcile([{ id: A }])).toBe(A);
    expect(store.get()).toBe(A);
  });

  it('follows a choice made in another tab', () => {
    const { store, data } = setUp({ [ORGANIZATION_STORAGE_KEY]: A });
    let heard = 0;
    store.subscribe(() => (heard += 1));
    data.set(ORGANIZATION_STORAGE_KEY, B);
    store.syncFromStorage();
    expect(store.get()).toBe(B);
    expect(heard).toBe(1);
  });

  it('marks the cookie Secure over https', () => {
    expect(organizationCookie(A, true)).toContain('; Secure');
  });
});
