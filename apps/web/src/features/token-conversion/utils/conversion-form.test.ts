import { TOKEN_RATE_MIN } from '@parley/shared/constants';
import { areInverseRates, TOKEN_CONVERSION_MESSAGES as MESSAGES, TOKEN_RATE_MAX } from '@parley/shared/contracts/token-conversion';
import { describe, expect, it } from 'vitest';
import { checkForm, failureTitle, inverseRate, readMultiplier, type ConversionForm } from './conversion-form';

const form = (overrides: Partial<ConversionForm> = {}): ConversionForm => ({
  charactersPerToken: '0.75',
  tokensPerCharacter: '1.333',
  message: { description: 'Chat', multiplier: '1', isActive: true },
  storage: { description: 'Docs', multiplier: '1', isActive: true },
  ...overrides,
});

describe('the token conversion form (spec §5)', () => {
  it('refuses rates that are not above 0 with the spec’s message', () => {
    for (const rate of ['0', '-1', '', 'abc']) {
      expect(checkForm(form({ tokensPerCharacter: rate }))).toEqual({ ok: false, title: MESSAGES.saveConversionFailed, message: MESSAGES.ratesPositive });
    }
  });

  it('refuses a rate above 0 but under the input minimum 0.001', () => {
    expect(checkForm(form({ charactersPerToken: '0.0005' }))).toEqual({ ok: false, title: MESSAGES.saveConversionFailed, message: MESSAGES.ratesTooSmall });
    // The smallest pair within both bounds (each rate is the other's inverse, and at most 100).
    expect(checkForm(form({ charactersPerToken: '0.01', tokensPerCharacter: '100' }))).toMatchObject({ ok: true });
    expect(checkForm(form({ charactersPerToken: '0.001' }))).toMatchObject({ ok: false, message: MESSAGES.ratesNotInverse });
  });

  it('reads a multiplier that is not a number as 1, and refuses one under 0.1', () => {
    expect(readMultiplier('')).toBe(1);
    expect(readMultiplier('x')).toBe(1);
    expect(readMultiplier('2.5')).toBe(2.5);
    expect(checkForm(form({ storage: { description: '', multiplier: '0.05', isActive: true } }))).toEqual({
      ok: false,
      title: MESSAGES.saveStorageFailed,
      message: MESSAGES.multiplierMin,
    });
    expect(checkForm(form({ message: { description: '', multiplier: '', isActive: true } }))).toMatchObject({
      ok: true,
      body: { message: { baseRateMultiplier: 1 } },
    });
  });

  it('keeps the two rates each other’s inverse, to three decimals', () => {
    expect(inverseRate('1.333')).toBe('0.75');
    expect(inverseRate('0.75')).toBe('1.333');
    expect(inverseRate('0')).toBe('');
  });

  it('every pair the form makes is one the server accepts as inverses', () => {
    for (let thousandths = 10; thousandths <= 100_000; thousandths += 7) {
      const typed = String(thousandths / 1000);
      const derived = Number(inverseRate(typed));
      if (derived < TOKEN_RATE_MIN || derived > TOKEN_RATE_MAX) continue;
      expect(areInverseRates(derived, Number(typed)), typed).toBe(true);
      expect(areInverseRates(Number(typed), derived), typed).toBe(true);
    }
  });

  it('names the part a server message is about', () => {
    expect(failureTitle('conversion.tokensPerCharacter: Conversion rates must be greater than 0')).toBe(MESSAGES.saveConversionFailed);
    expect(failureTitle('message.baseRateMultiplier: …')).toBe(MESSAGES.saveMessageFailed);
    expect(failureTitle('storage.description: …')).toBe(MESSAGES.saveStorageFailed);
    expect(failureTitle('Could not reach the server.')).toBe(MESSAGES.saveFailed);
  });
});
