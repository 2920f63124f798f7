import 'server-only';
import {
  API_PATHS,
  FullCalculatorResponseSchema,
  PackagesResponseSchema,
  PricesTermsResponseSchema,
} from '@freight/contracts';
import { draftFromCalculatorQuery } from '@freight/domain/shipment/query';
import type { OrderDraft } from '@freight/domain/order-draft';
import { webEnv } from '@/config/env';
import { publicData } from '@/lib/api/public';
import { visitorHeaders } from '@/lib/api/server';
import { runCalculation, type CalculationResult, type Fetcher } from '../lib/calculation';
import type { PackageOption } from '../components/calculator';
import { MESSAGES } from '@freight/domain/messages';

/** A page's searchParams as URLSearchParams (repeated keys kept). */
export function toSearchParams(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const result = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) result.append(key, item);
  }
  return result;
}

/** The calculator's draft for a page address: its query applied onto a fresh draft. */
export function draftForQuery(params: Record<string, string | string[] | undefined>): OrderDraft {
  return draftFromCalculatorQuery(toSearchParams(params));
}

/**
 * GET duty_packages/package (public: from the process's cache), or null when the call fails
 * (the packaging list is then hidden).
 */
export function loadPackages(): Promise<PackageOption[] | null> {
  return publicData(API_PATHS.packages, PackagesResponseSchema);
}

/**
 * The server side of the live calculation, for the first paint of a shared link: the same calls
 * the browser makes, on behalf of the visitor, answers checked against the contract schemas.
 */
const serverFetcher: Fetcher = async <T>(path: string, init: RequestInit & { json?: unknown }) => {
  const { json, ...rest } = init;
  const response = await fetch(`${webEnv.apiInternalUrl}${path}`, {
    ...rest,
    headers: {
      ...(await visitorHeaders(rest.method ?? 'GET')),
      accept: 'application/json',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : null,
    cache: 'no-store',
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { message?: string; fields?: Record<string, string> } } | undefined)?.error;
    throw Object.assign(new Error(error?.message ?? MESSAGES.calculator.calculateFailed), {
      fields: error?.fields ?? {},
    });
  }
  const schema = path.startsWith(API_PATHS.pricesTerms) ? PricesTermsResponseSchema : FullCalculatorResponseSchema;
  return schema.parse(data) as T;
};

/**
 * The result for a draft restored from a shared link, so the page is complete on the first
 * paint; null while the draft is incomplete or when the API fails (the browser then asks itself).
 */
export async function calculateOnServer(input: {
  pricesQuery: string | null;
  body: Parameters<typeof runCalculation>[0]['body'];
}): Promise<CalculationResult | null> {
  if (input.pricesQuery === null) return null;
  try {
    return await runCalculation(input, {
      fetcher: serverFetcher,
      signal: AbortSignal.timeout(3_000),
      paths: { pricesTerms: API_PATHS.pricesTerms, fullCalculator: API_PATHS.fullCalculator },
      fallbackMessage: MESSAGES.calculator.calculateFailed,
    });
  } catch {
    return null;
  }
}
