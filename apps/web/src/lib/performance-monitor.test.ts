import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPerformanceMonitor, type MemoryReading } from './performance-monitor';

function monitorWith(memory: () => MemoryReading | null = () => ({ usedMb: 120, limitMb: 4096 })) {
  const log = vi.fn();
  const readMemory = vi.fn(memory);
  let onTask: ((ms: number) => void) | null = null;
  const stopObserving = vi.fn();
  const monitor = createPerformanceMonitor({
    readMemory,
    log,
    observeLongTasks: (callback) => {
      onTask = callback;
      return stopObserving;
    },
  });
  return { monitor, log, readMemory, stopObserving, longTask: (ms: number) => onTask?.(ms) };
}

const warnings = (log: ReturnType<typeof vi.fn>) => log.mock.calls.filter(([level]) => level === 'warn').map(([, message]) => message as string);

describe('performance monitor (controlled clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns when memory use is above 400 MB, not at 400 MB', () => {
    let used = 400;
    const { monitor, log } = monitorWith(() => ({ usedMb: used, limitMb: 4096 }));
    monitor.checkMemory();
    expect(warnings(log)).toEqual([]);
    used = 400.1;
    monitor.checkMemory();
    expect(warnings(log)).toEqual(['High memory use: 400.1 MB of 4096 MB (warning above 400 MB)']);
  });

  it('checks memory when started and every 5 minutes after, until stopped', async () => {
    const { monitor, readMemory, stopObserving } = monitorWith();
    const stop = monitor.start();
    expect(readMemory).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(readMemory).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(readMemory).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(readMemory).toHaveBeenCalledTimes(4);
    stop();
    expect(stopObserving).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(readMemory).toHaveBeenCalledTimes(4);
  });

  it('skips the memory check where the browser does not report memory', () => {
    const { monitor, log } = monitorWith(() => null);
    expect(monitor.checkMemory()).toBeNull();
    expect(monitor.getMetrics()).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it('reports renders and long tasks over 200 ms as slow, and nothing at 200 ms', () => {
    const { monitor, log, longTask } = monitorWith();
    monitor.start();
    log.mockClear();
    monitor.reportRender('/dashboard (update)', 200);
    longTask(200);
    expect(warnings(log)).toEqual([]);
    monitor.reportRender('/dashboard (update)', 240.4);
    longTask(512);
    expect(warnings(log)).toEqual(['Slow render: /dashboard (update) took 240 ms (over 200 ms)', 'Slow render: the page was blocked for 512 ms (over 200 ms)']);
    expect(monitor.getMetrics().map((metric) => metric.kind)).toEqual(['memory', 'render', 'long-task']);
  });

  it('keeps the last 20 metrics, oldest first', () => {
    const { monitor } = monitorWith();
    for (let i = 1; i <= 25; i += 1) monitor.reportRender(`render ${i}`, 300 + i);
    const metrics = monitor.getMetrics();
    expect(metrics).toHaveLength(20);
    expect(metrics[0]).toMatchObject({ kind: 'render', name: 'render 6' });
    expect(metrics[19]).toMatchObject({ kind: 'render', name: 'render 25' });
  });

  it('feeds the debug log’s performance category by default', async () => {
    const debugLog = await import('./debug-log');
    const spy = vi.spyOn(debugLog, 'debugLog');
    const { createPerformanceMonitor: create } = await import('./performance-monitor');
    create({ readMemory: () => ({ usedMb: 512, limitMb: null }), observeLongTasks: () => null }).checkMemory();
    expect(spy).toHaveBeenCalledWith('performance', 'warn', 'High memory use: 512 MB (warning above 400 MB)', { usedMb: 512, limitMb: null });
    spy.mockRestore();
  });
});
