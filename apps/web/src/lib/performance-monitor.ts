import { PERFORMANCE_MEMORY_CHECK_MS, PERFORMANCE_MEMORY_WARNING_MB, PERFORMANCE_METRICS_KEPT, PERFORMANCE_SLOW_RENDER_MS } from '@parley/shared/constants';
import { debugLog, type DebugLogLevel } from './debug-log';

/**
 * The performance monitor (spec part 1 §9): the page's memory checked every 5 minutes with a warning above 400 MB,
 * renders and long tasks slower than 200 ms reported, the last 20 metrics kept. Everything it finds goes to the
 * debug log's 'performance' category, so it reaches the console and the visual debug panel when debugging is on.
 *
 * Where the numbers come from: memory from `performance.memory` (Chromium only; elsewhere the check is skipped),
 * renders from React's Profiler around the routes (React reports durations in development builds), and in every
 * build the browser's long-task entries (PerformanceObserver 'longtask', Chromium) — a task that blocks the page
 * this long is what a user feels as a slow render.
 */

export type PerformanceMetric =
  | { kind: 'memory'; at: number; usedMb: number; limitMb: number | null }
  | { kind: 'render'; at: number; durationMs: number; name: string }
  | { kind: 'long-task'; at: number; durationMs: number };

export interface MemoryReading {
  usedMb: number;
  limitMb: number | null;
}

type Log = (level: DebugLogLevel, message: string, data?: unknown) => void;

export interface PerformanceMonitorOptions {
  now?: () => number;
  /** Null where the browser does not tell. */
  readMemory?: () => MemoryReading | null;
  /** Starts watching long tasks and returns the stop function; null where the browser cannot. */
  observeLongTasks?: (onTask: (durationMs: number) => void) => (() => void) | null;
  log?: Log;
}

const BYTES_PER_MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/** `performance.memory` is Chromium's and non-standard: read it defensively. */
export function browserMemory(): MemoryReading | null {
  const memory = (globalThis.performance as (Performance & { memory?: { usedJSHeapSize?: number; jsHeapSizeLimit?: number } }) | undefined)?.memory;
  if (!memory || typeof memory.usedJSHeapSize !== 'number') return null;
  return {
    usedMb: round(memory.usedJSHeapSize / BYTES_PER_MB),
    limitMb: typeof memory.jsHeapSizeLimit === 'number' ? round(memory.jsHeapSizeLimit / BYTES_PER_MB) : null,
  };
}

export function browserLongTasks(onTask: (durationMs: number) => void): (() => void) | null {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('longtask')) return null;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) onTask(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  return () => observer.disconnect();
}

export function createPerformanceMonitor({
  now = () => Date.now(),
  readMemory = browserMemory,
  observeLongTasks = browserLongTasks,
  log = (level, message, data) => debugLog('performance', level, message, data),
}: PerformanceMonitorOptions = {}) {
  let metrics: PerformanceMetric[] = [];

  const record = (metric: PerformanceMetric) => {
    metrics = [...metrics, metric].slice(-PERFORMANCE_METRICS_KEPT);
  };

  /** Reads memory once: a metric, and a warning above 400 MB. */
  function checkMemory(): MemoryReading | null {
    const reading = readMemory();
    if (!reading) return null;
    record({ kind: 'memory', at: now(), ...reading });
    const limit = reading.limitMb === null ? '' : ` of ${reading.limitMb} MB`;
    if (reading.usedMb > PERFORMANCE_MEMORY_WARNING_MB) {
      log('warn', `High memory use: ${reading.usedMb} MB${limit} (warning above ${PERFORMANCE_MEMORY_WARNING_MB} MB)`, reading);
    } else {
      log('debug', `Memory: ${reading.usedMb} MB${limit}`);
    }
    return reading;
  }

  /** React Profiler's onRender: only renders slower than 200 ms are kept and reported. */
  function reportRender(name: string, durationMs: number): void {
    if (durationMs <= PERFORMANCE_SLOW_RENDER_MS) return;
    const ms = Math.round(durationMs);
    record({ kind: 'render', at: now(), durationMs: ms, name });
    log('warn', `Slow render: ${name} took ${ms} ms (over ${PERFORMANCE_SLOW_RENDER_MS} ms)`);
  }

  function reportLongTask(durationMs: number): void {
    if (durationMs <= PERFORMANCE_SLOW_RENDER_MS) return;
    const ms = Math.round(durationMs);
    record({ kind: 'long-task', at: now(), durationMs: ms });
    log('warn', `Slow render: the page was blocked for ${ms} ms (over ${PERFORMANCE_SLOW_RENDER_MS} ms)`);
  }

  /** Checks memory now and every 5 minutes, and watches long tasks, until the returned function is called. */
  function start(): () => void {
    checkMemory();
    const timer = setInterval(checkMemory, PERFORMANCE_MEMORY_CHECK_MS);
    const stopLongTasks = observeLongTasks(reportLongTask);
    return () => {
      clearInterval(timer);
      stopLongTasks?.();
    };
  }

  return {
    start,
    checkMemory,
    reportRender,
    reportLongTask,
    /** The last 20 metrics, oldest first. */
    getMetrics: (): readonly PerformanceMetric[] => metrics,
  };
}

export type PerformanceMonitor = ReturnType<typeof createPerformanceMonitor>;

/** The app's one monitor: the Profiler around the routes reports to it; the debug tools start it while debugging. */
export const performanceMonitor = createPerformanceMonitor();
