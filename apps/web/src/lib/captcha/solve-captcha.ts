import type { Challenge, Solution } from 'altcha-lib';
import type { CaptchaChallenge } from '@freight/contracts/captcha';
import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import { apiFetch } from '@/lib/api/client';
import { runPow, type PowRequest, type PowResponse, type PowTask } from './pow';

/*
 * Solves the API's proof-of-work CAPTCHA in the browser (decision 011). Loaded with `import()`
 * only when a code request answered CAPTCHA_REQUIRED, so neither this module nor altcha-lib is
 * in any page's first-load JavaScript. The search runs in Web Workers the bundler builds from
 * pow.worker.ts and starts from our own origin (the CSP's `worker-src 'self'`); where workers
 * cannot start it runs on the main thread, whose Web Crypto calls are asynchronous and leave the
 * page responsive.
 */

/** Why no solution came: too slow (old device), or something broke (network, no Web Crypto). */
export class CaptchaSolveError extends Error {
  constructor(readonly reason: 'timeout' | 'failed') {
    super(`captcha ${reason}`);
    this.name = 'CaptchaSolveError';
  }
}

export interface SolveCaptchaOptions {
  /** Share of the expected work done, 0…1 (an estimate: the secret counter is not known). */
  onProgress?: (share: number) => void;
  /** Give up after this long (default 90 s, altcha-lib's own default). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const MAX_WORKERS = 4;

/** Fetches a challenge, solves it and returns the base64 ALTCHA payload for the `captcha` field. */
export async function solveCaptcha(options: SolveCaptchaOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  let challenge: CaptchaChallenge;
  try {
    challenge = await apiFetch<CaptchaChallenge>(SHELL_PATHS.captchaChallenge, { cache: 'no-store' });
  } catch {
    throw new CaptchaSolveError('failed');
  }
  const { parameters, signature, max_counter: maxCounter } = challenge;
  const task: Challenge = { parameters, signature };

  let attempts = 0;
  const progress = (n: number) => {
    attempts += n;
    options.onProgress?.(Math.min(0.99, attempts / maxCounter));
  };

  let solution: Solution | null;
  try {
    solution = await solveInWorkers(task, timeoutMs, progress, options.signal);
  } catch {
    attempts = 0;
    solution = await solveOnMainThread(task, timeoutMs, progress, options.signal).catch(() => {
      throw new CaptchaSolveError('failed');
    });
  }
  if (!solution) throw new CaptchaSolveError(options.signal?.aborted ? 'failed' : 'timeout');
  options.onProgress?.(1);
  return btoa(JSON.stringify({ challenge: task, solution }));
}

function solveOnMainThread(
  challenge: Challenge,
  timeoutMs: number,
  onAttempts: (n: number) => void,
  signal?: AbortSignal,
): Promise<Solution | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  return runPow({ challenge, start: 0, step: 1, timeoutMs }, controller, onAttempts);
}

/**
 * Splits the search over Web Workers (counters interleaved: worker i tries i, i + n, …).
 * Rejects when a worker cannot start or fails, so the caller falls back to the main thread.
 */
function solveInWorkers(
  challenge: Challenge,
  timeoutMs: number,
  onAttempts: (n: number) => void,
  signal?: AbortSignal,
): Promise<Solution | null> {
  if (typeof Worker === 'undefined') return Promise.reject(new Error('no workers'));
  const count = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
  const workers: Worker[] = [];
  const stopAll = () => {
    for (const worker of workers) worker.terminate();
  };
  return new Promise<Solution | null>((resolve, reject) => {
    let finished = 0;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      stopAll();
      fn();
    };
    signal?.addEventListener('abort', () => settle(() => resolve(null)), { once: true });
    try {
      for (let i = 0; i < count; i += 1) {
        const worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
        workers.push(worker);
        worker.onerror = (event) => {
          event.preventDefault();
          settle(() => reject(new Error('worker failed')));
        };
        worker.onmessage = (event: MessageEvent<PowResponse>) => {
          const message = event.data;
          if (message.type === 'progress') onAttempts(message.attempts);
          else if (message.type === 'error') settle(() => reject(new Error(message.message)));
          else if (message.solution) settle(() => resolve(message.solution));
          else if (++finished === count) settle(() => resolve(null));
        };
        const task: PowTask = { challenge, start: i, step: count, timeoutMs };
        worker.postMessage({ type: 'solve', ...task } satisfies PowRequest);
      }
    } catch (error) {
      settle(() => reject(error instanceof Error ? error : new Error(String(error))));
    }
  });
}
