import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedRunner } from './debounced-runner';

describe('createDebouncedRunner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, with the last input, 500 ms after the last change', async () => {
    const run = vi.fn();
    const runner = createDebouncedRunner<string>(run);
    runner.schedule('М', 500);
    await vi.advanceTimersByTimeAsync(300);
    runner.schedule('Мо', 500);
    await vi.advanceTimersByTimeAsync(300);
    runner.schedule('Мос', 500);
    await vi.advanceTimersByTimeAsync(499);
    expect(run).not.toHaveBeenCalled();
    expect(runner.waiting).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0]).toBe('Мос');
    expect(runner.waiting).toBe(false);
  });

  it('aborts the request in flight when a newer input comes', async () => {
    const signals: AbortSignal[] = [];
    const runner = createDebouncedRunner<number>((_, signal) => {
      signals.push(signal);
      return new Promise(() => undefined);
    });
    runner.schedule(1, 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    runner.schedule(2, 500);
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(false);
  });

  it('flush runs the waiting input at once; cancel drops it and aborts', async () => {
    const run = vi.fn<(input: string, signal: AbortSignal) => Promise<void>>(() => new Promise(() => undefined));
    const runner = createDebouncedRunner<string>(run);
    runner.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).not.toHaveBeenCalled();

    runner.schedule('a', 500);
    runner.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);

    const inFlight = run.mock.calls[0]![1];
    runner.schedule('b', 500);
    runner.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(inFlight.aborted).toBe(true);
  });

  it('a failing run does not break the next one', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValueOnce(undefined);
    const runner = createDebouncedRunner<string>(run);
    runner.schedule('a', 0);
    await vi.advanceTimersByTimeAsync(0);
    runner.schedule('b', 0);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
