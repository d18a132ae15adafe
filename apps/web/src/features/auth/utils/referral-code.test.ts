import { REFERRAL_STORAGE_KEY } from '@parley/shared/contracts/referrals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetReferralCode, rememberReferralCode, storedReferralCode } from './referral-code';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('the referral code of the link a visitor arrived by', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is kept until the sign-up, upper-cased; a malformed one is not kept', () => {
    rememberReferralCode('abcd2345');
    expect(storedReferralCode()).toBe('ABCD2345');
    rememberReferralCode('<script>');
    expect(storedReferralCode()).toBe('ABCD2345');
    forgetReferralCode();
    expect(storedReferralCode()).toBeUndefined();
  });

  it('ignores a stored value that is not a code, and storage that is not there', () => {
    storage.setItem(REFERRAL_STORAGE_KEY, 'not a code');
    expect(storedReferralCode()).toBeUndefined();
    vi.stubGlobal('window', {});
    expect(storedReferralCode()).toBeUndefined();
    expect(() => rememberReferralCode('ABCD2345')).not.toThrow();
  });
});
