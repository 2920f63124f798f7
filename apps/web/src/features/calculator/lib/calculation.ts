// Type-only contract imports and deep domain imports: no zod schema reaches the browser.
import type { FullCalculatorResponse, PricesTermsResponse } from '@freight/contracts/pricing';
import type { CalculatorRequest } from '@freight/domain/shipment/request';
import { apiFieldsToDraftPaths } from '@freight/domain/shipment/fields';

/** What one live calculation asks: the GET query (as a string) and the POST body, either may be missing. */
export interface CalculationInput {
  /** `draftToPricesTermsQuery(draft).toString()`, or null while cities or weight are missing. */
  pricesQuery: string | null;
  /** `draftToCalculatorRequest(draft)`, or null while the size is unknown. */
  body: CalculatorRequest | null;
}

export interface CalculationResult {
  prices: PricesTermsResponse;
  /** Breakdown of the chosen (or first available) type; null when the body is missing or failed. */
  breakdown: FullCalculatorResponse | null;
  /** Why the breakdown is missing after a failed POST (Russian), else null. */
  breakdownError: string | null;
  /** API field errors mapped onto draft paths ('cargo.weight'…). */
  fields: Record<string, string>;
}

/** A failed calculation: the Russian message and the field errors mapped onto draft paths. */
export class CalculationError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'CalculationError';
  }
}

/** The type whose breakdown is shown: the one asked for if it is available, else the first priced one. */
export function chooseType(prices: PricesTermsResponse, wanted: string | null): string | null {
  const codes = prices.prices.map((p) => p.transportation_type.code as string);
  if (wanted && codes.includes(wanted)) return wanted;
  return codes[0] ?? null;
}

/** Minimal transport for the calculation, so tests can pass a fake; `apiFetch` in the app. */
export type Fetcher = <T>(path: string, init: RequestInit & { json?: unknown }) => Promise<T>;

/** Reads an ApiError-like value without importing the client module (tests pass plain objects). */
function describeError(error: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  if (error && typeof error === 'object' && 'message' in error) {
    const fields = (error as { fields?: unknown }).fields;
    return {
      message: String((error as { message: unknown }).message) || fallback,
      fields: fields && typeof fields === 'object' ? (fields as Record<string, string>) : {},
    };
  }
  return { message: fallback, fields: {} };
}

/**
 * One live calculation: prices and terms of every type (GET), then the breakdown of the chosen
 * type (POST) with the same signal. A cached GET answer for the same query is reused, so choosing
 * another type only asks for its breakdown. Throws CalculationError when the prices fail.
 */
export async function runCalculation(
  input: CalculationInput,
  options: {
    fetcher: Fetcher;
    signal: AbortSignal;
    paths: { pricesTerms: string; fullCalculator: string };
    fallbackMessage: string;
    cached?: { query: string; prices: PricesTermsResponse } | null;
  },
): Promise<CalculationResult> {
  const { fetcher, signal, paths, fallbackMessage } = options;
  if (input.pricesQuery === null) throw new CalculationError(fallbackMessage, {});
  let prices: PricesTermsResponse;
  if (options.cached && options.cached.query === input.pricesQuery) {
    prices = options.cached.prices;
  } else {
    try {
      prices = await fetcher<PricesTermsResponse>(`${paths.pricesTerms}?${input.pricesQuery}&is_logged=true`, {
        signal,
      });
    } catch (error) {
      const { message, fields } = describeError(error, fallbackMessage);
      const mapped = apiFieldsToDraftPaths(fields);
      throw new CalculationError(Object.values(mapped.rest)[0] ?? message, mapped.fields);
    }
  }
  if (!input.body) return { prices, breakdown: null, breakdownError: null, fields: {} };
  const type = chooseType(prices, input.body.transportation_type ?? null);
  if (!type) return { prices, breakdown: null, breakdownError: null, fields: {} };
  try {
    const breakdown = await fetcher<FullCalculatorResponse>(paths.fullCalculator, {
      method: 'POST',
      json: { ...input.body, transportation_type: type, is_logged: true },
      signal,
    });
    return { prices, breakdown, breakdownError: null, fields: {} };
  } catch (error) {
    if (signal.aborted) throw error;
    const { message, fields } = describeError(error, fallbackMessage);
    const mapped = apiFieldsToDraftPaths(fields);
    return { prices, breakdown: null, breakdownError: Object.values(mapped.rest)[0] ?? message, fields: mapped.fields };
  }
}
