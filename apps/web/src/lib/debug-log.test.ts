import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearDebugEntries,
  debugLog,
  DEFAULT_DEBUG_SETTINGS,
  getDebugEntries,
  getDebugSettings,
  MAX_DEBUG_ENTRIES,
  parseDebugSettings,
  saveDebugSettings,
  shouldLog,
  subscribeDebugEntries,
  subscribeDebugSettings,
  type DebugSettings,
} from './debug-log';

const on = (changes: Partial<DebugSettings> = {}): DebugSettings => ({ ...DEFAULT_DEBUG_SETTINGS, enabled: true, ...changes });

describe('parseDebugSettings', () => {
  it('gives the defaults for nothing stored or unreadable JSON', () => {
    expect(parseDebugSettings(null)).toEqual(DEFAULT_DEBUG_SETTINGS);
    expect(parseDebugSettings('')).toEqual(DEFAULT_DEBUG_SETTINGS);
    expect(parseDebugSettings('{not json')).toEqual(DEFAULT_DEBUG_SETTINGS);
    expect(parseDebugSettings('"a string"')).toEqual(DEFAULT_DEBUG_SETTINGS);
    expect(DEFAULT_DEBUG_SETTINGS).toEqual({
      enabled: false,
      showVisualPanel: false,
      logLevel: 'info',
      categories: { providers: true, routing: true, auth: true, performance: true, security: true },
    });
  });

  it('keeps valid stored values and replaces wrong or missing ones with their defaults', () => {
    const parsed = parseDebugSettings(
      JSON.stringify({ enabled: true, showVisualPanel: 'yes', logLevel: 'verbose', categories: { auth: false, routing: 'no', unknown: true } }),
    );
    expect(parsed).toEqual({
      enabled: true,
      showVisualPanel: false,
      logLevel: 'info',
      categories: { providers: true, routing: true, auth: false, performance: true, security: true },
    });
    expect(parseDebugSettings(JSON.stringify({ logLevel: 'debug', categories: null })).logLevel).toBe('debug');
    // The result never shares objects with the defaults.
    parseDebugSettings(null).categories.auth = false;
    expect(DEFAULT_DEBUG_SETTINGS.categories.auth).toBe(true);
  });
});

describe('shouldLog', () => {
  it('logs nothing while debugging is off', () => {
    expect(shouldLog(DEFAULT_DEBUG_SETTINGS, 'auth', 'error')).toBe(false);
  });

  it('lets through the chosen level and everything more severe', () => {
    const warn = on({ logLevel: 'warn' });
    expect(shouldLog(warn, 'routing', 'error')).toBe(true);
    expect(shouldLog(warn, 'routing', 'warn')).toBe(true);
    expect(shouldLog(warn, 'routing', 'info')).toBe(false);
    expect(shouldLog(warn, 'routing', 'debug')).toBe(false);
    const debug = on({ logLevel: 'debug' });
    for (const level of ['error', 'warn', 'info', 'debug'] as const) expect(shouldLog(debug, 'routing', level)).toBe(true);
    expect(shouldLog(on({ logLevel: 'error' }), 'routing', 'warn')).toBe(false);
  });

  it('only for categories that are on', () => {
    const settings = on({ categories: { ...DEFAULT_DEBUG_SETTINGS.categories, providers: false } });
    expect(shouldLog(settings, 'providers', 'error')).toBe(false);
    expect(shouldLog(settings, 'auth', 'error')).toBe(true);
  });
});

describe('debugLog', () => {
  afterEach(() => {
    saveDebugSettings(DEFAULT_DEBUG_SETTINGS);
    clearDebugEntries();
    vi.restoreAllMocks();
  });

  it('prints to the console and keeps an entry only when the settings let it through', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    debugLog('auth', 'error', 'ignored while off');
    expect(error).not.toHaveBeenCalled();
    expect(getDebugEntries()).toEqual([]);

    saveDebugSettings(on({ logLevel: 'info', categories: { ...DEFAULT_DEBUG_SETTINGS.categories, performance: false } }));
    debugLog('auth', 'info', 'Signed in', { userId: 'u1' });
    debugLog('providers', 'debug', 'too detailed for info');
    debugLog('performance', 'error', 'category off');
    expect(info).toHaveBeenCalledWith('[parley:auth] Signed in', { userId: 'u1' });
    expect(debug).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(getDebugEntries()).toMatchObject([{ category: 'auth', level: 'info', message: 'Signed in', data: { userId: 'u1' } }]);
  });

  it('keeps the newest entries first, at most MAX_DEBUG_ENTRIES, and tells subscribers', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveDebugSettings(on());
    const listener = vi.fn();
    const unsubscribe = subscribeDebugEntries(listener);
    for (let i = 0; i < MAX_DEBUG_ENTRIES + 5; i += 1) debugLog('routing', 'warn', `entry ${i}`);
    expect(listener).toHaveBeenCalledTimes(MAX_DEBUG_ENTRIES + 5);
    expect(getDebugEntries()).toHaveLength(MAX_DEBUG_ENTRIES);
    expect(getDebugEntries()[0]?.message).toBe(`entry ${MAX_DEBUG_ENTRIES + 4}`);
    unsubscribe();
    clearDebugEntries();
    expect(getDebugEntries()).toEqual([]);
  });

  it('saving settings applies them at once and notifies', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeDebugSettings(listener);
    saveDebugSettings(on({ showVisualPanel: true, logLevel: 'debug' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getDebugSettings()).toMatchObject({ enabled: true, showVisualPanel: true, logLevel: 'debug' });
    unsubscribe();
  });
});
