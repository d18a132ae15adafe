import { MOBILE_BREAKPOINT_PX } from '@parley/shared/admin-console';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY).matches : false;
}

/** True below the 768 px breakpoint (spec part 1 §9), where the admin sidebar becomes a slide-over panel. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
