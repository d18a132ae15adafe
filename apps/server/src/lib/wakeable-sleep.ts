/**
 * A sleep that `wake()` ends at once, for loops that poll and must stop without waiting out their interval. The timer
 * does not keep the process alive on its own.
 */
export function wakeableSleep(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wake = () => {};
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        timer.unref();
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake(),
  };
}
