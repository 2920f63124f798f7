'use client';

import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import type { BugReportResponse } from '@freight/contracts/bug-report';
import type { ErrorBody } from '@freight/contracts/errors';
import { BUG_REPORT_PLACEHOLDER_FILE } from '@freight/domain/bug-report';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError } from '@/lib/api/client';
import { postMultipart } from '@/lib/upload/post-multipart';

export interface BugReportPayload {
  text: string;
  /** Already resolved: what the visitor typed, or a verified user's phone/e-mail. */
  contact: string;
  policyAgreement: boolean;
  files: readonly File[];
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
 * POST duty_bug_report/?text&contact (spec section 7) with the files as multipart; with no
 * files the empty placeholder text file goes instead, as the spec's client does.
 * `policy_agreement` carries the consent the server must record. Throws ApiError for a non-2xx
 * answer (with the server's Russian message and per-field errors).
 */
export async function sendBugReport(
  payload: BugReportPayload,
  options: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<BugReportResponse> {
  const params = new URLSearchParams({ text: payload.text, contact: payload.contact });
  if (payload.policyAgreement) params.set('policy_agreement', 'true');
  const form = new FormData();
  if (payload.files.length === 0) {
    const { name, type } = BUG_REPORT_PLACEHOLDER_FILE;
    form.append('files', new File([], name, { type }), name);
  } else {
    for (const file of payload.files) form.append('files', file, file.name);
  }
  const answer = await postMultipart(`${SHELL_PATHS.bugReport}?${params.toString()}`, form, options);
  if (answer.status >= 200 && answer.status < 300) return answer.body as BugReportResponse;
  throw new ApiError(
    answer.status,
    isErrorBody(answer.body)
      ? answer.body
      : { error: { code: `HTTP_${answer.status}`, message: answer.statusText || COMMON_TEXTS.internalError } },
  );
}
