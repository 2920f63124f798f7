import 'server-only';
import type { z } from 'zod';
import {
  AdditionalServicesResponseSchema,
  API_PATHS,
  CountryMapResponseSchema,
  IntegrationMenuResponseSchema,
  NewsListResponseSchema,
  PopularCitiesResponseSchema,
  PromotionsResponseSchema,
  TransportationTypesResponseSchema,
} from '@freight/contracts';
import { apiGet } from '@/lib/api/server';

/** One section's data, or null when its call failed: the rest of the page still renders. */
async function optional<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    return await apiGet(path, schema, { timeoutMs: 3_000 });
  } catch {
    return null;
  }
}

export async function loadHomeData() {
  const [popular, promotions, news, services, transport, integration, network] = await Promise.all([
    optional(API_PATHS.popularCities, PopularCitiesResponseSchema),
    optional(`${API_PATHS.promotion}?actual=true`, PromotionsResponseSchema),
    optional(`${API_PATHS.news}?to_main_page=true&page_size=4`, NewsListResponseSchema),
    optional(API_PATHS.additionalServices, AdditionalServicesResponseSchema),
    optional(API_PATHS.transportationTypes, TransportationTypesResponseSchema),
    optional(API_PATHS.integrationMenu, IntegrationMenuResponseSchema),
    optional(API_PATHS.countryMap, CountryMapResponseSchema),
  ]);
  return { popular, promotions, news, services, transport, integration, network };
}

export async function loadNetwork() {
  return optional(API_PATHS.countryMap, CountryMapResponseSchema);
}
