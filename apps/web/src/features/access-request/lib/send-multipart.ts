'use client';

import { COMMON_TEXTS } from '@freight/domain/texts/common';
import type { ErrorBody } from '@freight/contracts/errors';
import { ApiError } from '@/lib/api/client';
import { postMultipart, type MultipartAnswer } from '@/lib/upload/post-multipart';

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
 * Sends a FormData by POST or PUT through the shared lib/upload/post-multipart.ts (XHR, for the
 * upload progress). Resolves with the parsed JSON of a 2xx answer; rejects with ApiError (the
 * server's Russian message and per-field errors) for any other answer or a network failure, and
 * with an AbortError when `signal` aborts.
 */
export async function sendMultipart<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  let answer: MultipartAnswer;
  try {
    answer = await postMultipart(url, body, { ...options, method });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {
      error: { code: 'NETWORK', message: error instanceof Error ? error.message : COMMON_TEXTS.serviceUnavailable },
    });
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw new ApiError(
    answer.status,
    isErrorBody(answer.body)
      ? answer.body
      : { error: { code: `HTTP_${answer.status}`, message: answer.statusText || COMMON_TEXTS.internalError } },
  );
}
