'use client';

// Deep imports and type-only contract imports keep the schemas out of the browser bundle.
import { CALCULATION_PATHS } from '@freight/contracts/calculation-paths';
import { SHELL_PATHS } from '@freight/contracts/shell-paths';
import type { City, Subdivision, AddressSuggestionsResponse } from '@freight/contracts/locations';
import type { PricesTermsResponse, FullCalculatorResponse } from '@freight/contracts/pricing';
import type { DraftResponse, RequestCreateResponse } from '@freight/contracts/orders';
import type { CalculatorRequest } from '@freight/domain/shipment/request';
import type { OrderDraft, SerializedOrderDraft } from '@freight/domain/order-draft';
import { apiFetch } from '@/lib/api/client';

export interface PackageOption {
  id: number;
  code: string;
  name: string;
  description: string;
  price_kopecks: number;
  price_unit: 'place' | 'm3' | 'kg';
}

export interface CargoTypeOption {
  id: number;
  code: string;
  name: string;
  description: string;
  requires_hard_packaging: boolean;
}

export interface ClientSuggestion {
  value: string;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  type: 'LEGAL' | 'INDIVIDUAL' | null;
  address: string | null;
  status: string | null;
}

export interface SignedInUser {
  id: number;
  name: string | null;
  phone: string | null;
  email: string | null;
  is_verified: boolean;
}

const withQuery = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** Browser calls of the order wizard. */
export const orderApi = {
  cities: (name: string, signal?: AbortSignal) =>
    apiFetch<City[]>(withQuery(CALCULATION_PATHS.cities, { city_name: name, with_subd_only: 'true' }), { signal }),
  /** Terminals and offices of a city that accept (departure) or release (delivery) cargo. */
  subdivisions: (cityRef: string, operation: 'acceptance' | 'release', signal?: AbortSignal) =>
    apiFetch<Subdivision[]>(
      withQuery(CALCULATION_PATHS.deliverySubdivisions, { city_id: cityRef, parameters: operation }),
      {
        signal,
      },
    ),
  addresses: (text: string, signal?: AbortSignal) =>
    apiFetch<AddressSuggestionsResponse>(CALCULATION_PATHS.dadataAddress, { method: 'POST', json: text, signal }),
  packages: () => apiFetch<PackageOption[]>(CALCULATION_PATHS.packages),
  cargoTypes: () => apiFetch<CargoTypeOption[]>(CALCULATION_PATHS.cargoTypes),
  pricesTerms: (query: URLSearchParams, signal?: AbortSignal) =>
    apiFetch<PricesTermsResponse>(`${CALCULATION_PATHS.pricesTerms}?${query}`, { signal }),
  fullCalculation: (body: CalculatorRequest, signal?: AbortSignal) =>
    apiFetch<FullCalculatorResponse>(CALCULATION_PATHS.fullCalculator, { method: 'POST', json: body, signal }),
  clientSelection: (value: string) =>
    apiFetch<{ suggestions: ClientSuggestion[]; source: 'dadata' | 'local' }>(
      withQuery(CALCULATION_PATHS.clientSelection, { value }),
    ),
  loadDraft: () => apiFetch<DraftResponse>(CALCULATION_PATHS.orderDraft, { cache: 'no-store' }),
  /**
   * PUT the draft. `keepalive` when the page is being left (pagehide, a hidden tab): the request
   * outlives the page, and its answer is read if the page is still there.
   */
  saveDraft: (draft: SerializedOrderDraft, options: { keepalive?: boolean } = {}) =>
    apiFetch<DraftResponse>(CALCULATION_PATHS.orderDraft, {
      method: 'PUT',
      json: { draft },
      ...(options.keepalive ? { keepalive: true } : {}),
    }),
  deleteDraft: () => apiFetch<{ ok: true }>(CALCULATION_PATHS.orderDraft, { method: 'DELETE' }),
  createRequest: (draft: OrderDraft, idempotencyKey: string) =>
    apiFetch<RequestCreateResponse>(CALCULATION_PATHS.requestCreate, {
      method: 'POST',
      json: { draft },
      headers: { 'idempotency-key': idempotencyKey },
    }),
};

/**
 * The signed-in, verified user, or null (anonymous or not verified). A plain fetch: a 401 here
 * means "anonymous" and must not trigger a new anonymous token.
 */
export async function loadSignedInUser(): Promise<SignedInUser | null> {
  try {
    const response = await fetch(SHELL_PATHS.userInfo, {
      credentials: 'include',
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      // Read the error body to its end: an unread body keeps the request open in the browser.
      await response.text();
      return null;
    }
    const body = (await response.json()) as Partial<SignedInUser>;
    if (body.is_verified !== true || typeof body.id !== 'number') return null;
    return {
      id: body.id,
      name: typeof body.name === 'string' ? body.name : null,
      phone: typeof body.phone === 'string' ? body.phone : null,
      email: typeof body.email === 'string' ? body.email : null,
      is_verified: true,
    };
  } catch {
    return null;
  }
}
