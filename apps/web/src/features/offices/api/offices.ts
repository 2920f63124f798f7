import 'server-only';
import {
  AddressSuggestionsResponseSchema,
  API_PATHS,
  LightCitiesResponseSchema,
  SubdivisionSchema,
  SubdivisionsResponseSchema,
  type Subdivision,
} from '@freight/contracts';
import { webEnv } from '@/config/env';
import { apiGet, ApiStatusError, visitorHeaders } from '@/lib/api/server';

export interface OfficeSearch {
  text?: string | undefined;
  cityId?: string | undefined;
  operation?: string | undefined;
  partnerOnly?: boolean | undefined;
  near?: { lat: number; lon: number } | undefined;
}

/** duty_delivery_subdivisions/subdivision with the page's filters. */
export function searchOffices(search: OfficeSearch): Promise<Subdivision[]> {
  const params = new URLSearchParams();
  if (search.text) params.set('name', search.text);
  if (search.cityId) params.set('city_id', search.cityId);
  if (search.operation) params.set('parameters', search.operation);
  if (search.partnerOnly) params.set('is_partner', 'true');
  if (search.near) {
    params.set('near_lat', String(search.near.lat));
    params.set('near_lon', String(search.near.lon));
  }
  const query = params.toString();
  return apiGet(`${API_PATHS.deliverySubdivisions}${query ? `?${query}` : ''}`, SubdivisionsResponseSchema);
}

/** One office, or null when there is none with this id. */
export async function getOffice(id: number): Promise<Subdivision | null> {
  try {
    return await apiGet(`${API_PATHS.currentSubdivision}?subdivision_id=${id}`, SubdivisionSchema);
  } catch (error) {
    if (error instanceof ApiStatusError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function getNetworkCities() {
  return apiGet(API_PATHS.lightCities, LightCitiesResponseSchema);
}

/**
 * Coordinates of a city or an address typed by the visitor, through the API's address
 * suggestions (DaData or our own index). Null when nothing matches.
 */
export async function locate(text: string): Promise<{ lat: number; lon: number; label: string } | null> {
  const response = await fetch(`${webEnv.apiInternalUrl}${API_PATHS.dadataAddress}`, {
    method: 'POST',
    // On behalf of the visitor: their address is the rate-limit key, not the web process's.
    headers: { ...(await visitorHeaders('POST')), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(text),
    cache: 'no-store',
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) return null;
  const { suggestions } = AddressSuggestionsResponseSchema.parse(await response.json());
  const first = suggestions.find((s) => s.data.geo_lat && s.data.geo_lon);
  if (!first) return null;
  return { lat: Number(first.data.geo_lat), lon: Number(first.data.geo_lon), label: first.value };
}
