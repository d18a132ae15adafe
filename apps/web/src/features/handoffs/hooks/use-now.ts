import { useEffect, useState } from 'react';

/** The current time, updated every `intervalMs`, so that "waiting 4 min" keeps counting while nothing else changes. */
export function useNow(intervalMs: number = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
