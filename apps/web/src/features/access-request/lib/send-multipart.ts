'use client';

import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { UPLOAD_TEXTS } from '@freight/domain/texts/upload';
import type { ErrorBody } from '@freight/contracts/errors';
import { ApiError, requestAnonymousToken } from '@/lib/api/client';

export interface UploadOptions {
  /** Bytes of the whole body sent so far, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * Sends a FormData with XMLHttpRequest (only XHR reports upload progress) by POST or PUT — the
 * shared lib/upload/post-multipart.ts knows POST only, and the edit calls of a request are PUT.
 * Same origin, cookies included; a 401 fires the background anonymous-token request. Resolves
 * with the parsed JSON of a 2xx answer; rejects with ApiError (the server's Russian message and
 * per-field errors) for any other answer or a network failure, and with an AbortError when
 * `signal` aborts.
 */
export function sendMultipart<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 401) void requestAnonymousToken();
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          isErrorBody(data)
            ? data
            : { error: { code: `HTTP_${xhr.status}`, message: xhr.statusText || COMMON_TEXTS.internalError } },
        ),
      );
    };
    const failed = (message: string) => () => reject(new ApiError(0, { error: { code: 'NETWORK', message } }));
    xhr.onerror = failed(COMMON_TEXTS.serviceUnavailable);
    xhr.ontimeout = failed(COMMON_TEXTS.requestTimeout);
    xhr.onabort = () => reject(new DOMException(UPLOAD_TEXTS.interrupted, 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException(UPLOAD_TEXTS.interrupted, 'AbortError'));
        return;
      }
      const abort = () => xhr.abort();
      options.signal.addEventListener('abort', abort, { once: true });
      xhr.onloadend = () => options.signal?.removeEventListener('abort', abort);
    }
    xhr.send(body);
  });
}
