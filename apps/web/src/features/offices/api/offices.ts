import 'server-only';
import {
  AddressSuggestionsResponseSchema,
  API_PATHS,
  CountryMapResponseSchema,
  SubdivisionSchema,
  SubdivisionsResponseSchema,
  TOTAL_COUNT_HEADER,
  type CountryMap,
  type Subdivision,
} from '@freight/contracts';
import { webEnv } from '@/config/env';
import { publicApi } from '@/lib/api/public';
import { apiGet, ApiStatusError, visitorHeaders } from '@/lib/api/server';

export interface OfficeSearch {
  text?: string | undefined;
  cityId?: string | undefined;
  operation?: string | undefined;
  partnerOnly?: boolean | undefined;
  openNow?: boolean | undefined;
  near?: { lat: number; lon: number } | undefined;
}

/** Offices on one page of /offices. */
export const OFFICES_PAGE_SIZE = 20;

export interface OfficePage {
  offices: Subdivision[];
  /** How many offices match the search on all pages. */
  total: number;
}

/**
 * One page (1-based) of duty_delivery_subdivisions/subdivision with the page's filters. Offices and
 * cities are the same for every visitor: from the process's cache of public answers
 * (lib/api/public.ts), kept as long as the API allows (60 s / 300 s).
 */
export async function searchOffices(search: OfficeSearch, page = 1): Promise<OfficePage> {
  const params = new URLSearchParams();
  if (search.text) params.set('name', search.text);
  if (search.cityId) params.set('city_id', search.cityId);
  if (search.operation) params.set('parameters', search.operation);
  if (search.partnerOnly) params.set('is_partner', 'true');
  if (search.openNow) params.set('open_now', 'true');
  if (search.near) {
    params.set('near_lat', String(search.near.lat));
    params.set('near_lon', String(search.near.lon));
  }
  params.set('skip', String((page - 1) * OFFICES_PAGE_SIZE));
  params.set('limit', String(OFFICES_PAGE_SIZE));
  const { data, headers } = await publicApi.get(
    `${API_PATHS.deliverySubdivisions}?${params.toString()}`,
    SubdivisionsResponseSchema,
  );
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { offices: data, total: Number.isInteger(total) && total >= data.length ? total : data.length };
}

/**
 * Every city of the network with its number of points, and the totals (duty_main_page/country_map),
 * for the map. The same object while the answer is kept, so what is made of it can be kept too.
 */
export async function getNetworkMap(): Promise<CountryMap> {
  const { data } = await publicApi.get(API_PATHS.countryMap, CountryMapResponseSchema);
  return data;
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

const collator = new Intl.Collator('ru');
const sortedCities = new WeakMap<object, Array<{ id: number; name: string }>>();

/**
 * The cities of the network in alphabetical order, for the search form: the same answer as the
 * map's (one call for both, not a second list of the same cities), sorted once per answer.
 */
export async function getNetworkCities(): Promise<Array<{ id: number; name: string }>> {
  const { cities } = await getNetworkMap();
  let sorted = sortedCities.get(cities);
  if (!sorted) {
    sorted = cities.map(({ id, name }) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
    sortedCities.set(cities, sorted);
  }
  return sorted;
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
