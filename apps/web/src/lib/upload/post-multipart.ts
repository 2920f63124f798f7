'use client';

import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { UPLOAD_TEXTS } from '@freight/domain/texts/upload';
import { requestAnonymousToken } from '@/lib/api/client';

/** What a multipart POST answered. `body` is the parsed JSON, or the raw text when it is not JSON. */
export interface MultipartAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

/**
 * Sends a FormData (POST, or PUT with `method`) with XMLHttpRequest, because only XHR reports upload progress
 * (`onProgress(loaded, total)` in bytes of the whole body, as the browser sends them).
 * Same origin, cookies included; a 401 fires the background anonymous-token request (spec
 * section 4). Resolves with any HTTP answer; rejects with a Russian Error only when no answer
 * came (network failure) and with an AbortError when `signal` aborts.
 */
export function postMultipart(
  url: string,
  body: FormData,
  options: {
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    /** POST (default) or PUT (the edits of a full-access request). */
    method?: 'POST' | 'PUT';
  } = {},
): Promise<MultipartAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) void requestAnonymousToken();
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parse(xhr.responseText) });
    };
    xhr.onerror = () => reject(new Error(COMMON_TEXTS.serviceUnavailable));
    xhr.ontimeout = () => reject(new Error(COMMON_TEXTS.requestTimeout));
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(new DOMException(UPLOAD_TEXTS.interrupted, 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException(UPLOAD_TEXTS.interrupted, 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', abort, { once: true });
      xhr.onloadend = () => options.signal?.removeEventListener('abort', abort);
    }
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Shares the progress of one multipart body among the files in it, in order: the files are
 * sent one after another, so with `loaded` of `total` body bytes the first files are complete
 * and one is partly sent. Multipart headers are spread proportionally. Whole percents, 0–100.
 */
export function distributeProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return sizes.map(() => (loaded >= total && total > 0 ? 100 : 0));
  let sentFileBytes = (Math.min(loaded, total) / total) * sum;
  return sizes.map((size) => {
    if (size === 0) return loaded >= total ? 100 : 0;
    const sent = Math.min(size, sentFileBytes);
    sentFileBytes -= sent;
    return Math.floor((sent / size) * 100);
  });
}
