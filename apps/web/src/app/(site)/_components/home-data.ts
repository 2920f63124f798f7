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
import { apiGetOrNull } from '@/lib/api/server';

/**
 * Content the back-office publishes (news, promotions) is asked at every render, since the editor
 * is told it shows on the site at once. Reference data (cities, services, transport, integrations,
 * the network) is the same for every visitor and not edited in the back-office: it comes from the
 * process's cache of public answers. A section whose call failed is null; the rest renders.
 */
const fresh = apiGetOrNull;
const reference = publicData;

export async function loadHomeData() {
  const [popular, promotions, news, services, transport, integration, network] = await Promise.all([
    reference(API_PATHS.popularCities, PopularCitiesResponseSchema),
    fresh(`${API_PATHS.promotion}?actual=true`, PromotionsResponseSchema),
    fresh(`${API_PATHS.news}?to_main_page=true&page_size=4`, NewsListResponseSchema),
    reference(API_PATHS.additionalServices, AdditionalServicesResponseSchema),
    reference(API_PATHS.transportationTypes, TransportationTypesResponseSchema),
    reference(API_PATHS.integrationMenu, IntegrationMenuResponseSchema),
    reference(API_PATHS.countryMap, CountryMapResponseSchema),
  ]);
  return { popular, promotions, news, services, transport, integration, network };
}

export async function loadNetwork() {
  return reference(API_PATHS.countryMap, CountryMapResponseSchema);
}
