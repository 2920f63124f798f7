'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type { AccessRequest, FullAccessRequestQuery } from '@freight/contracts/access-request';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';
import { sendMultipart, type UploadOptions } from '../lib/send-multipart';

/** The query of a create or an edit, with the spec's names (`tin`, `rrc`, `document_seria`…). */
export function requestParams(fields: FullAccessRequestQuery): URLSearchParams {
  const params = new URLSearchParams({ type: fields.type, name: fields.name });
  if (fields.type === 'legal') {
    params.set('tin', fields.tin);
    if (fields.rrc) params.set('rrc', fields.rrc);
  } else {
    params.set('document_seria', fields.document_seria);
    params.set('document_number', fields.document_number);
  }
  return params;
}

function filesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return form;
}

/**
 * Browser calls of the full-access requests (spec §7 user/request_access). Uploads go by XHR
 * for their progress; the browser's Origin satisfies the API's CSRF rule (decision 004).
 */
export const accessRequestApi = {
  create: (fields: FullAccessRequestQuery, files: readonly File[], options?: UploadOptions) =>
    sendMultipart<AccessRequest>(
      'POST',
      `${API_PATHS.requestFullAccess}?${requestParams(fields)}`,
      filesForm(files),
      options,
    ),
  /** New fields; with `files`, they replace all of the request's documents. */
  edit: (id: string, fields: FullAccessRequestQuery, files: readonly File[] | null, options?: UploadOptions) => {
    const params = requestParams(fields);
    params.set('request_id', id);
    params.set('with_files', files ? 'true' : 'false');
    const url = `${API_PATHS.requestFullAccess}?${params}`;
    return files
      ? sendMultipart<AccessRequest>('PUT', url, filesForm(files), options)
      : apiFetch<AccessRequest>(url, { method: 'PUT' });
  },
  addFiles: (id: string, files: readonly File[], options?: UploadOptions) =>
    sendMultipart<AccessRequest>(
      'PUT',
      `${API_PATHS.requestFullAccessFiles}?request_id=${encodeURIComponent(id)}`,
      filesForm(files),
      options,
    ),
  remove: (id: string) =>
    apiFetch<{ ok: true }>(`${API_PATHS.requestFullAccess}?request_id=${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
};

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
