'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type { CargoListResponse, ContactsChangeRequest } from '@freight/contracts/orders';
import type { CargoImportResult } from '@freight/contracts/cargo-transfer';
import type { CargoListExportRequest } from '@freight/contracts/export-jobs';
import { ApiError, apiFetch } from '@/lib/api/client';
import { COMMON_TEXTS } from '@freight/domain/texts/common';

const q = encodeURIComponent;

export interface FavoriteState {
  track_number: string;
  favorite: boolean;
}

export interface CargoRating {
  track_number: string;
  rating: number;
  comment: string | null;
  created_at: string;
}

export type ImportMode = 'check' | 'create';

/**
 * Browser calls of the client's orders. State-changing calls go same-origin with the session
 * cookie; the browser's Sec-Fetch-Site/Origin satisfy the API's CSRF rule (decision 004).
 */
export const ordersApi = {
  list: (query: URLSearchParams, signal?: AbortSignal) =>
    apiFetch<CargoListResponse>(`${API_PATHS.cargoList}?${query}`, { signal, cache: 'no-store' }),
  cancel: (track: string) =>
    apiFetch<{ track_number: string; status: string; status_name: string }>(
      `${API_PATHS.cancelCargo}?tracknumber=${q(track)}`,
      { method: 'POST' },
    ),
  toggleFavorite: (track: string) =>
    apiFetch<FavoriteState>(`${API_PATHS.favoriteCargo}?track_number=${q(track)}`, { method: 'POST' }),
  rate: (track: string, rating: number, comment: string) =>
    apiFetch<CargoRating>(API_PATHS.cargoRating, {
      method: 'POST',
      json: { track_number: track, rating, ...(comment.trim() ? { comment } : {}) },
    }),
  changeContacts: (track: string, body: ContactsChangeRequest) =>
    apiFetch<unknown>(`${API_PATHS.changeContacts}?tracknumber=${q(track)}`, { method: 'POST', json: body }),
  /** Checks (nothing is created) or creates the rows of an order file. */
  importFile: async (file: File, mode: ImportMode, consent: boolean): Promise<CargoImportResult> => {
    const form = new FormData();
    form.append('file', file, file.name);
    const params = new URLSearchParams({ mode });
    if (consent) params.set('consent', 'true');
    return apiFetch<CargoImportResult>(`${API_PATHS.cargoImport}?${params}`, { method: 'POST', body: form });
  },
};

/** The export address of the current list query (a plain GET download, same origin). */
export function exportHref(listQuery: URLSearchParams, format: 'xlsx' | 'csv'): string {
  const params = new URLSearchParams(listQuery);
  params.delete('skip');
  params.delete('limit');
  params.set('format', format);
  return `${API_PATHS.cargoExport}?${params}`;
}

/**
 * The current list query as the body of POST user/exports/cargo_list: the same filters and sort
 * as the GET export (`skip` and `limit` left out), in the format asked for.
 */
export function exportRequest(listQuery: URLSearchParams, format: 'xlsx' | 'csv'): CargoListExportRequest {
  const body: Record<string, string | string[]> = {};
  for (const key of new Set(listQuery.keys())) {
    if (key === 'skip' || key === 'limit') continue;
    const values = listQuery.getAll(key).filter((value) => value !== '');
    if (values.length > 0) body[key] = key === 'cargo_statuses' || values.length > 1 ? values : values[0]!;
  }
  body.format = format;
  return body as CargoListExportRequest;
}

export function templateHref(format: 'xlsx' | 'csv'): string {
  return `${API_PATHS.cargoImportTemplate}?format=${format}`;
}

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
