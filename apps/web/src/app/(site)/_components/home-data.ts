import 'server-only';
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
import { publicData } from '@/lib/api/public';

/**
 * Every section's data is public (the same for every visitor), so it comes from the process's
 * cache of public answers; a section whose call failed is null and the rest of the page renders.
 */
const optional = publicData;

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
