import 'server-only';
import {
  API_PATHS,
  AvailableActionsSchema,
  CargoDetailsSchema,
  CargoListResponseSchema,
  CargoRatingResponseSchema,
  DriverInfoSchema,
  PaymentStatusSchema,
  type AvailableActions,
  type CargoDetails,
  type CargoListResponse,
  type PaymentStatus,
} from '@freight/contracts';
import type { z } from 'zod';
import { apiGet, ApiStatusError, ApiUnavailableError } from '@/lib/api/server';

export type CargoRatingAnswer = z.infer<typeof CargoRatingResponseSchema>;
export type DriverInfo = z.infer<typeof DriverInfoSchema>;

/**
 * One page of the caller's cargo list (GET /cargo/cargo with the query of `buildCargoListQuery`).
 * A refused query (400) is `{ kind: 'refused' }` — the page explains it and never fails; the API
 * being down throws ApiUnavailableError to the error boundary.
 */
export async function loadCargoPage(
  query: URLSearchParams,
): Promise<{ kind: 'ok'; page: CargoListResponse } | { kind: 'refused'; status: number }> {
  try {
    return { kind: 'ok', page: await apiGet(`${API_PATHS.cargoList}?${query}`, CargoListResponseSchema) };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}

/** A part of the card that may be missing without failing the card. */
async function optional<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiUnavailableError) return null;
    if (error instanceof ApiStatusError) return null;
    throw error;
  }
}

export interface CargoCardData {
  cargo: CargoDetails;
  payment: PaymentStatus | null;
  actions: AvailableActions | null;
  rating: CargoRatingAnswer | null;
  driver: DriverInfo | null;
}

/**
 * Everything the cargo card shows, read on the visitor's behalf: the cargo (null for an unknown
 * number or someone else's: the API answers both with 404), then payment status, available
 * actions, rating and driver side by side.
 */
export async function loadCargoCard(track: string): Promise<CargoCardData | null> {
  const q = encodeURIComponent(track);
  let cargo: CargoDetails;
  try {
    cargo = await apiGet(`${API_PATHS.currentCargo}?tracknumber=${q}`, CargoDetailsSchema);
  } catch (error) {
    if (error instanceof ApiStatusError) return null;
    throw error;
  }
  const [payment, actions, rating, driver] = await Promise.all([
    optional(() => apiGet(`${API_PATHS.paymentStatus}?track_number=${q}`, PaymentStatusSchema)),
    optional(() => apiGet(`${API_PATHS.availableActions}?tracknumber=${q}`, AvailableActionsSchema)),
    optional(() => apiGet(`${API_PATHS.cargoRating}?track_number=${q}`, CargoRatingResponseSchema)),
    cargo.driver_assigned
      ? optional(() => apiGet(`${API_PATHS.driverInfo}?track_number=${q}`, DriverInfoSchema))
      : Promise.resolve(null),
  ]);
  return { cargo, payment, actions, rating, driver };
}

/** Whether the signed-in caller owns this cargo (the header's track search opens the card then). */
export async function ownsCargo(track: string): Promise<boolean> {
  try {
    await apiGet(`${API_PATHS.currentCargo}?tracknumber=${encodeURIComponent(track)}`, CargoDetailsSchema, {
      timeoutMs: 3_000,
    });
    return true;
  } catch {
    return false;
  }
}
