/**
 * Latest-only, debounced runner for the live calculation: `schedule(input, delayMs)` waits until
 * no call came for `delayMs` ms, then runs with a fresh AbortSignal. Each new `schedule` aborts
 * the run still in flight, so a stale answer can never overwrite a newer one, and the server is
 * asked at most once per pause in typing.
 */
export interface DebouncedRunner<I> {
  /** (Re)starts the wait for `input`; a delay of 0 or less runs at once. Aborts the current run. */
  schedule(input: I, delayMs: number): void;
  /** Runs the waiting input now (Enter in a field); no-op when nothing waits. */
  flush(): void;
  /** Drops the waiting input and aborts the current run (unmount). */
  cancel(): void;
  /** True while an input waits for its timer. */
  readonly waiting: boolean;
}

export function createDebouncedRunner<I>(
  run: (input: I, signal: AbortSignal) => Promise<void> | void,
): DebouncedRunner<I> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;
  let pending: { input: I } | null = null;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  const start = () => {
    clearTimer();
    if (!pending) return;
    const { input } = pending;
    pending = null;
    controller?.abort();
    const current = new AbortController();
    controller = current;
    void Promise.resolve()
      .then(() => run(input, current.signal))
      .catch(() => undefined)
      .finally(() => {
        if (controller === current) controller = null;
      });
  };

  return {
    schedule(input, delayMs) {
      clearTimer();
      controller?.abort();
      controller = null;
      pending = { input };
      if (delayMs <= 0) start();
      else timer = setTimeout(start, delayMs);
    },
    flush() {
      if (pending) start();
    },
    cancel() {
      clearTimer();
      pending = null;
      controller?.abort();
      controller = null;
    },
    get waiting() {
      return pending !== null;
    },
  };
}
