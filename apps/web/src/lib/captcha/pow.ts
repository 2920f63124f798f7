import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/*
 * The proof-of-work search of the CAPTCHA (decision 011), shared by the Web Worker
 * (pow.worker.ts) and the main-thread fallback. altcha-lib's `solveChallenge` does the search
 * with Web Crypto's PBKDF2; the key derivation is wrapped to count attempts for the progress bar.
 */

export interface PowTask {
  challenge: Challenge;
  /** Counter this solver starts at; solvers interleave with `step`. */
  start: number;
  step: number;
  timeoutMs: number;
}

/** Attempts are reported in batches, so progress messages stay rare next to the work. */
const REPORT_EVERY = 16;

/**
 * Searches for the counter; resolves with the solution, or null on timeout or abort.
 * `onAttempts` receives the number of new attempts since its last call.
 */
export function runPow(
  task: PowTask,
  controller: AbortController,
  onAttempts: (attempts: number) => void,
): Promise<Solution | null> {
  let pending = 0;
  return solveChallenge({
    challenge: task.challenge,
    controller,
    counterStart: task.start,
    counterStep: task.step,
    timeout: task.timeoutMs,
    deriveKey: async (parameters, salt, password) => {
      pending += 1;
      if (pending >= REPORT_EVERY) {
        onAttempts(pending);
        pending = 0;
      }
      return deriveKey(parameters, salt, password);
    },
  });
}

/** Messages between the page and pow.worker.ts. */
export type PowRequest = ({ type: 'solve' } & PowTask) | { type: 'abort' };
export type PowResponse =
  | { type: 'progress'; attempts: number }
  | { type: 'done'; solution: Solution | null }
  | { type: 'error'; message: string };
