import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { describe, expect, it } from 'vitest';
import { checkTierForm, NEW_TIER_FORM } from './tier-form';

describe('the tier panel’s checks (spec §5)', () => {
  it('asks for the tier name, a non-zero monthly limit and a handoff limit with one message', () => {
    expect(checkTierForm(NEW_TIER_FORM, true)).toEqual({ ok: false, message: TIER_MESSAGES.required });
    expect(checkTierForm({ ...NEW_TIER_FORM, tier: 'pro', monthlyTokenLimit: '0' }, true)).toEqual({ ok: false, message: TIER_MESSAGES.required });
    expect(checkTierForm({ ...NEW_TIER_FORM, tier: 'pro', monthlyTokenLimit: '5000', maxHandoffsPerMonth: ' ' }, true)).toEqual({
      ok: false,
      message: TIER_MESSAGES.required,
    });
    expect(checkTierForm({ ...NEW_TIER_FORM, tier: '  ', monthlyTokenLimit: '5000' }, true)).toEqual({ ok: false, message: TIER_MESSAGES.required });
  });

  it('accepts -1 as unlimited and uses the tier id when no display name is given', () => {
    const checked = checkTierForm({ ...NEW_TIER_FORM, tier: 'scale', monthlyTokenLimit: '-1', maxHandoffsPerMonth: '-1', maxChatbots: '-1' }, true);
    expect(checked).toMatchObject({
      ok: true,
      create: { tier: 'scale', displayName: 'scale', monthlyTokenLimit: -1, maxHandoffsPerMonth: -1, maxChatbots: -1 },
    });
  });

  it('passes on the contract’s other messages', () => {
    expect(checkTierForm({ ...NEW_TIER_FORM, tier: 'Pro!', monthlyTokenLimit: '5000' }, true)).toEqual({ ok: false, message: TIER_MESSAGES.tierIdFormat });
    expect(checkTierForm({ ...NEW_TIER_FORM, tier: 'pro', monthlyTokenLimit: '-7' }, true)).toEqual({ ok: false, message: TIER_MESSAGES.monthlyLimitInvalid });
    expect(checkTierForm({ ...NEW_TIER_FORM, tier: 'pro', monthlyTokenLimit: '10', maxChatbots: '0' }, true)).toEqual({
      ok: false,
      message: TIER_MESSAGES.chatbotLimitInvalid,
    });
  });

  it('edits never need the tier id', () => {
    expect(checkTierForm({ ...NEW_TIER_FORM, displayName: 'Pro', monthlyTokenLimit: '10' }, false)).toMatchObject({ ok: true, update: { displayName: 'Pro' } });
  });
});
