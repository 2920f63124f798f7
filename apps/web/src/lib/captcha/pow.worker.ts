import { runPow, type PowRequest, type PowResponse } from './pow';

/*
 * A Web Worker the bundler builds from this file and starts from our own origin (allowed by the
 * CSP's `worker-src 'self'`): one share of the CAPTCHA's proof-of-work search off the main thread.
 */

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PowRequest>) => void) | null;
  postMessage(message: PowResponse): void;
};

let controller: AbortController | null = null;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'abort') {
    controller?.abort();
    return;
  }
  controller = new AbortController();
  runPow(request, controller, (attempts) => scope.postMessage({ type: 'progress', attempts }))
    .then((solution) => scope.postMessage({ type: 'done', solution }))
    .catch((error: unknown) =>
      scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
};
