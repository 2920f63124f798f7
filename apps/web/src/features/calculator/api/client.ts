'use client';

// Deep and type-only imports: no zod schema in the browser bundle.
import { CALCULATION_PATHS } from '@freight/contracts/calculation-paths';
import type { City } from '@freight/contracts/locations';
import { apiFetch } from '@/lib/api/client';

/** GET duty_locality/cities?city_name: cities whose name starts with or contains the text. */
export function searchCities(name: string, signal: AbortSignal): Promise<City[]> {
  return apiFetch<City[]>(`${CALCULATION_PATHS.cities}?${new URLSearchParams({ city_name: name })}`, { signal });
}

export { searchAddresses } from '@/lib/api/address-suggestions';
