/**
 * Calls `run` at most once every `waitMs`, however often `schedule` is called: the first call starts a wait, and
 * every call during it is folded into the one run at its end. A burst of stream events becomes one refetch.
 */
export function createBatchedTrigger(run: () => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        run();
      }, waitMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
