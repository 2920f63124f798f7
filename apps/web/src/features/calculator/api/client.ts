'use client';

// Deep and type-only imports: no zod schema in the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type { AddressSuggestion, City } from '@freight/contracts/locations';
import { apiFetch } from '@/lib/api/client';

/** GET duty_locality/cities?city_name: cities whose name starts with or contains the text. */
export function searchCities(name: string, signal: AbortSignal): Promise<City[]> {
  return apiFetch<City[]>(`${API_PATHS.cities}?${new URLSearchParams({ city_name: name })}`, { signal });
}

/** POST duty_locality/dadata_address: address suggestions for «city + typed text». */
export async function searchAddresses(city: string, text: string, signal: AbortSignal): Promise<AddressSuggestion[]> {
  const body = `${city} ${text}`.trim().slice(0, 300);
  const result = await apiFetch<{ suggestions: AddressSuggestion[] }>(`${API_PATHS.dadataAddress}?filter_bool=false`, {
    method: 'POST',
    json: body,
    signal,
  });
  return result.suggestions;
}
