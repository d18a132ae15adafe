import { useSyncExternalStore } from 'react';
import { getDebugEntries, getDebugSettings, subscribeDebugEntries, subscribeDebugSettings, type DebugEntry, type DebugSettings } from '@/lib/debug-log';

/** This browser's debug settings (localStorage `debug-settings`), live: a change anywhere re-renders. */
export function useDebugSettings(): DebugSettings {
  return useSyncExternalStore(subscribeDebugSettings, getDebugSettings, getDebugSettings);
}

/** The latest debug entries that passed the settings, newest first. */
export function useDebugEntries(): readonly DebugEntry[] {
  return useSyncExternalStore(subscribeDebugEntries, getDebugEntries, getDebugEntries);
}
