'use client';

// Deep and type-only imports: no zod schema in the browser bundle.
import { CALCULATION_PATHS } from '@freight/contracts/calculation-paths';
import type { AddressSuggestion } from '@freight/contracts/locations';
import { apiFetch } from '@/lib/api/client';

/**
 * POST duty_locality/dadata_address: address suggestions for «city + typed text» (DaData when
 * configured, otherwise the API's own index of cities and streets).
 */
export async function searchAddresses(city: string, text: string, signal: AbortSignal): Promise<AddressSuggestion[]> {
  const body = `${city} ${text}`.trim().slice(0, 300);
  const result = await apiFetch<{ suggestions: AddressSuggestion[] }>(
    `${CALCULATION_PATHS.dadataAddress}?filter_bool=false`,
    {
      method: 'POST',
      json: body,
      signal,
    },
  );
  return result.suggestions;
}
