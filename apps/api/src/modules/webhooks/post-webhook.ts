import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_RESPONSE_EXCERPT_BYTES, WEBHOOK_TIMEOUT_MS } from '@freight/domain';
import { checkTarget, guardedLookup, PrivateTargetError, urlHost, type TargetPolicy } from './url-guard';

/*
 * One attempt of a webhook delivery over HTTP (issue 18): a POST with the signed JSON body, at
 * most 10 s for the whole exchange, redirects not followed (a 3xx is simply not a 2xx), and only
 * the first 1 KB of the answer read. The connection goes to the address guardedLookup checked.
 */

const E = WEBHOOKS_TEXTS.attemptError;

export interface AttemptOutcome {
  /** 2xx: delivered. */
  ok: boolean;
  statusCode: number | null;
  /** The first 1 KB of the answer's body as text (NUL characters dropped), or null without an answer. */
  response: string | null;
  /** Why there was no 2xx answer, in Russian (null when ok). */
  error: string | null;
  durationMs: number;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** A network failure in the account's words. */
function describeFailure(error: unknown, timedOut: boolean): string {
  if (timedOut) return E.timeout;
  if (error instanceof PrivateTargetError) return E.privateTarget;
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return E.dns;
  if (code === 'ECONNREFUSED') return E.refused;
  if (TLS_CODES.test(code)) return E.tls;
  return E.network;
}

/** The kept part of an answer: at most the first 1 KB, as UTF-8 (a cut character becomes U+FFFD). */
function excerpt(chunks: Buffer[]): string {
  const bytes = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT_BYTES);
  return new TextDecoder('utf-8').decode(bytes).replaceAll('\u0000', '');
}

export interface PostOptions {
  policy: TargetPolicy;
  timeoutMs?: number;
  clock?: () => number;
}

/** POSTs `body` to `target` with `headers`; never throws, the outcome says what happened. */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  { policy, timeoutMs = WEBHOOK_TIMEOUT_MS, clock = () => performance.now() }: PostOptions,
): Promise<AttemptOutcome> {
  const started = clock();
  const elapsed = () => Math.max(0, Math.round(clock() - started));
  const failed = (error: string): AttemptOutcome => ({
    ok: false,
    statusCode: null,
    response: null,
    error,
    durationMs: elapsed(),
  });

  const url = new URL(target);
  // An address given as an IP is never looked up, so guardedLookup would not see it: judged here.
  // A name is judged by guardedLookup as the socket connects.
  if (ipaddr.isValid(urlHost(url)) || (url.protocol !== 'https:' && !policy.allowHttp)) {
    const refusal = await checkTarget(url, policy, async () => []);
    if (refusal === 'not_https') return failed(E.notHttps);
    if (refusal === 'private') return failed(E.privateTarget);
  }

  const client = url.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body, 'utf8');
  const signal = AbortSignal.timeout(timeoutMs);

  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(payload.length) },
        lookup: guardedLookup(policy),
        // A fresh connection per attempt: no socket reused from an earlier resolution.
        agent: false,
        signal,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () =>
          finish({
            ok: statusCode >= 200 && statusCode < 300,
            statusCode,
            response: excerpt(chunks),
            error: statusCode >= 200 && statusCode < 300 ? null : E.httpStatus(statusCode),
            durationMs: elapsed(),
          });
        response.on('data', (chunk: Buffer) => {
          if (kept < WEBHOOK_RESPONSE_EXCERPT_BYTES) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // Enough read: the rest of the answer is not ours to wait for.
          if (kept >= WEBHOOK_RESPONSE_EXCERPT_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        // Cut short (our 1 KB limit, the deadline, the peer): the status line already came.
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('error', (error) => finish(failed(describeFailure(error, signal.aborted))));
    request.end(payload);
  });
}
