import { DEBUG_CATEGORIES, DEBUG_LOG_LEVELS, DEBUG_SETTINGS_STORAGE_KEY } from '@parley/shared/constants';

/**
 * The web client's debug logging (spec part 1 §3 and part 2 "Debug Control Panel"). Settings live in
 * this browser under localStorage `debug-settings`; an entry reaches the console (and the visual
 * panel's list) only when debugging is on, its category is on, and its level is within the chosen level.
 */
export type DebugLogLevel = (typeof DEBUG_LOG_LEVELS)[number];
export type DebugCategory = (typeof DEBUG_CATEGORIES)[number];

export interface DebugSettings {
  enabled: boolean;
  showVisualPanel: boolean;
  logLevel: DebugLogLevel;
  categories: Record<DebugCategory, boolean>;
}

export interface DebugEntry {
  id: number;
  at: number;
  category: DebugCategory;
  level: DebugLogLevel;
  message: string;
  data?: unknown;
}

export const DEFAULT_DEBUG_SETTINGS: DebugSettings = {
  enabled: false,
  showVisualPanel: false,
  logLevel: 'info',
  categories: { providers: true, routing: true, auth: true, performance: true, security: true },
};

/** The visual panel lists this many of the latest entries. */
export const MAX_DEBUG_ENTRIES = 100;

/** error is the most severe; a chosen level shows itself and everything more severe. */
const LEVEL_RANK: Record<DebugLogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

const isLevel = (value: unknown): value is DebugLogLevel => typeof value === 'string' && (DEBUG_LOG_LEVELS as readonly string[]).includes(value);

/** Reads stored settings leniently: anything missing or of the wrong type takes its default. */
export function parseDebugSettings(raw: string | null | undefined): DebugSettings {
  if (!raw) return structuredClone(DEFAULT_DEBUG_SETTINGS);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return structuredClone(DEFAULT_DEBUG_SETTINGS);
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const storedCategories =
    typeof record.categories === 'object' && record.categories !== null ? (record.categories as Record<string, unknown>) : ({} as Record<string, unknown>);
  const categories = Object.fromEntries(
    DEBUG_CATEGORIES.map((category) => [
      category,
      typeof storedCategories[category] === 'boolean' ? storedCategories[category] : DEFAULT_DEBUG_SETTINGS.categories[category],
    ]),
  ) as Record<DebugCategory, boolean>;
  return {
    enabled: typeof record.enabled === 'boolean' ? record.enabled : DEFAULT_DEBUG_SETTINGS.enabled,
    showVisualPanel: typeof record.showVisualPanel === 'boolean' ? record.showVisualPanel : DEFAULT_DEBUG_SETTINGS.showVisualPanel,
    logLevel: isLevel(record.logLevel) ? record.logLevel : DEFAULT_DEBUG_SETTINGS.logLevel,
    categories,
  };
}

/** Whether an entry of this category and level passes the settings. */
export function shouldLog(settings: DebugSettings, category: DebugCategory, level: DebugLogLevel): boolean {
  return settings.enabled && settings.categories[category] && LEVEL_RANK[level] <= LEVEL_RANK[settings.logLevel];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

let current: DebugSettings = parseDebugSettings(storage()?.getItem(DEBUG_SETTINGS_STORAGE_KEY));
const settingsListeners = new Set<() => void>();
let entries: DebugEntry[] = [];
let nextId = 1;
const entryListeners = new Set<() => void>();

const notify = (listeners: Set<() => void>) => listeners.forEach((listener) => listener());

export function getDebugSettings(): DebugSettings {
  return current;
}

/** Saves to localStorage `debug-settings` and applies at once in this tab (other tabs follow through the storage event). */
export function saveDebugSettings(next: DebugSettings): void {
  current = parseDebugSettings(JSON.stringify(next));
  try {
    storage()?.setItem(DEBUG_SETTINGS_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Private mode or a full storage: the settings still apply to this page.
  }
  notify(settingsListeners);
}

export function subscribeDebugSettings(listener: () => void): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== DEBUG_SETTINGS_STORAGE_KEY) return;
    current = parseDebugSettings(event.newValue);
    notify(settingsListeners);
  });
}

export function getDebugEntries(): readonly DebugEntry[] {
  return entries;
}

export function subscribeDebugEntries(listener: () => void): () => void {
  entryListeners.add(listener);
  return () => entryListeners.delete(listener);
}

export function clearDebugEntries(): void {
  entries = [];
  notify(entryListeners);
}

const CONSOLE_METHOD: Record<DebugLogLevel, 'error' | 'warn' | 'info' | 'debug'> = { error: 'error', warn: 'warn', info: 'info', debug: 'debug' };

/**
 * Logs one debug entry: printed to the console and kept for the visual panel when the settings let
 * it through; otherwise nothing happens (cheap enough to call on every request).
 */
export function debugLog(category: DebugCategory, level: DebugLogLevel, message: string, data?: unknown): void {
  if (!shouldLog(current, category, level)) return;
  const entry: DebugEntry = { id: nextId++, at: Date.now(), category, level, message, ...(data === undefined ? {} : { data }) };
  const print = console[CONSOLE_METHOD[level]];
  if (data === undefined) print(`[parley:${category}] ${message}`);
  else print(`[parley:${category}] ${message}`, data);
  entries = [entry, ...entries].slice(0, MAX_DEBUG_ENTRIES);
  notify(entryListeners);
}
