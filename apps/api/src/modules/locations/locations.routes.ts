import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressSuggestionsResponseSchema,
  CitiesQuerySchema,
  CitiesResponseSchema,
  ClientSelectionQuerySchema,
  ClientSelectionResponseSchema,
  CountryMapResponseSchema,
  CurrentCityQuerySchema,
  CurrentCityResponseSchema,
  CurrentSubdivisionQuerySchema,
  DadataAddressBodySchema,
  DadataAddressQuerySchema,
  DeliveryCitiesQuerySchema,
  ErrorBodySchema,
  IframeRequestSchema,
  IframeResponseSchema,
  LightCitiesResponseSchema,
  PopularCitiesResponseSchema,
  SubdivisionByCityQuerySchema,
  SubdivisionSchema,
  SubdivisionSearchQuerySchema,
  SubdivisionsQuerySchema,
  SubdivisionsResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import type { AppConfig } from '../../config/env';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import { createNetworkCache } from './network-snapshot';
import { createDadataProvider, type SuggestionProvider } from './dadata';
import {
  getCityWithSubdivisions,
  getCountryMap,
  getSubdivision,
  listCities,
  listDeliveryCities,
  listPopularCities,
  listSubdivisions,
  listSubdivisionsByCityName,
  requestIframe,
  searchSubdivisions,
  selectClient,
  suggestAddress,
} from './locations.service';

export interface LocationRoutesOptions {
  db: Database;
  config: AppConfig;
  /** Tests and alternative providers; by default DaData when DADATA_TOKEN is set, else none. */
  suggestions?: SuggestionProvider | null;
  clock?: () => Date;
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 503: ErrorBodySchema };
/**
 * Reference data (cities, the network's map): kept 5 minutes, then served stale for up to an hour
 * while a fresh copy is fetched (the web's public cache honours it), so no page waits for it.
 */
const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=3600';
const SHORT_CACHE = 'public, max-age=60';

/** Spec §7 "Location and content" (duty_locality, duty_main_page, duty_clients) and "Maps and other" (duty_delivery_subdivisions, duty_iframe). */
export const locationRoutes: FastifyPluginAsyncZod<LocationRoutesOptions> = async (app, options) => {
  const { db, config } = options;
  const clock = options.clock ?? (() => new Date());
  const network = createNetworkCache(db, () => clock().getTime());
  const provider =
    options.suggestions !== undefined
      ? options.suggestions
      : config.dadata.token
        ? createDadataProvider({
            token: config.dadata.token,
            baseUrl: config.dadata.baseUrl,
            timeoutMs: config.dadata.timeoutMs,
          })
        : null;

  app.post(
    '/api/v1/duty_locality/dadata_address',
    {
      schema: {
        tags: ['locations'],
        summary: 'Address suggestions (DaData, or our own index of cities and streets)',
        description:
          'The body is one JSON string: the city and what was typed, e.g. "Екатеринбург Малышева 51". ' +
          '`filter_bool=true` keeps full addresses (with a house) only. The answer is in the DaData shape; ' +
          '`source` tells whether DaData or our index answered (DaData failing or slow falls back to the index).',
        querystring: DadataAddressQuerySchema,
        body: DadataAddressBodySchema,
        response: { 200: AddressSuggestionsResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) =>
      suggestAddress(db, provider, request.body, request.query.filter_bool, (error) =>
        request.log.warn({ err: error }, 'address suggestions: DaData failed, answering from our index'),
      ),
  );

  app.get(
    '/api/v1/duty_locality/cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Cities; with_subd_only keeps those with our offices; city_name searches (20 best)',
        querystring: CitiesQuerySchema,
        response: { 200: CitiesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return listCities(db, request.query);
    },
  );

  app.get(
    '/api/v1/duty_locality/light_cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Cities of our network, id, FIAS id, name and region only',
        response: { 200: LightCitiesResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      const rows = await listCities(db, { with_subd_only: true });
      return rows.map(({ id, fias_id, name, region }) => ({ id, fias_id, name, region }));
    },
  );

  app.get(
    '/api/v1/duty_locality/popular_cities',
    {
      schema: {
        tags: ['locations'],
        summary: 'Popular cities of the calculator, in order',
        response: { 200: PopularCitiesResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return listPopularCities(db);
    },
  );

  app.get(
    '/api/v1/duty_main_page/country_map',
    {
      schema: {
        tags: ['locations'],
        summary: 'The network on the map: cities with offices and the totals',
        response: { 200: CountryMapResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return getCountryMap(db);
    },
  );

  app.get(
    '/api/v1/duty_locality/subdivisions',
    {
      schema: {
        tags: ['locations'],
        summary:
          'Offices and terminals; by subdivision_code (exact) or subdivision_name (part of name, address or city)',
        querystring: SubdivisionsQuerySchema,
        response: { 200: SubdivisionsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', SHORT_CACHE);
      return listSubdivisions(db, request.query, clock());
    },
  );

  app.get(
    '/api/v1/duty_locality/subdivision_by_city',
    {
      schema: {
        tags: ['locations'],
        summary: 'Offices and terminals of one city, by its name',
        querystring: SubdivisionByCityQuerySchema,
        response: { 200: SubdivisionsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', SHORT_CACHE);
      return listSubdivisionsByCityName(db, request.query.city_name, clock());
    },
  );

  app.get(
    '/api/v1/duty_clients/client_selection',
    {
      schema: {
        tags: ['locations'],
        summary: 'Company and entrepreneur suggestions by name, ИНН or ОГРН (DaData)',
        querystring: ClientSelectionQuerySchema,
        response: { 200: ClientSelectionResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) =>
      selectClient(provider, request.query.value, (error) =>
        request.log.warn({ err: error }, 'client selection: DaData failed'),
      ),
  );

  app.get(
    '/api/v1/duty_delivery_subdivisions/city',
    {
      schema: {
        tags: ['locations'],
        summary: 'Cities of our network whose name contains `name`',
        querystring: DeliveryCitiesQuerySchema,
        response: { 200: CitiesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', PUBLIC_CACHE);
      return listDeliveryCities(db, request.query.name);
    },
  );

  app.get(
    '/api/v1/duty_delivery_subdivisions/subdivision',
    {
      schema: {
        tags: ['locations'],
        summary:
          'Search offices: text, parameters (operations, payment, transport), is_partner, city; nearest to a point first; ' +
          'one page with limit and skip (the number of all matches in X-Total-Count)',
        querystring: SubdivisionSearchQuerySchema,
        response: { 200: SubdivisionsResponseSchema, ...errors },
      },
      // Each page of /offices not yet kept by the web asks this call: no zod pass over the answer.
      serializerCompiler: fastSerializerCompiler,
    },
    async (request, reply) => {
      const { items, total, maxAgeSeconds } = await searchSubdivisions(db, network, request.query, clock());
      // Kept no longer than the network snapshot it was made of is (network-snapshot.ts).
      void reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/api/v1/duty_delivery_subdivisions/current_subdivision',
    {
      schema: {
        tags: ['locations'],
        summary: "One office or terminal with its hours and today's state",
        querystring: CurrentSubdivisionQuerySchema,
        response: { 200: SubdivisionSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', SHORT_CACHE);
      return getSubdivision(db, request.query.subdivision_id, clock());
    },
  );

  app.get(
    '/api/v1/duty_delivery_subdivisions/current_city',
    {
      schema: {
        tags: ['locations'],
        summary: 'A city (our id or FIAS id) with its offices and terminals',
        querystring: CurrentCityQuerySchema,
        response: { 200: CurrentCityResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', SHORT_CACHE);
      return getCityWithSubdivisions(db, request.query.city_id, clock());
    },
  );

  app.post(
    '/api/v1/duty_iframe/',
    {
      schema: {
        tags: ['locations'],
        summary: 'A partner site asks for the embeddable calculator or tracking widget',
        description:
          'Stores the request (site and its origin) and returns the iframe code. A contact needs `consent: true` ' +
          '(the personal-data consent is recorded with the request). Limited to 10 per hour per IP.',
        body: IframeRequestSchema,
        response: { 201: IframeResponseSchema, 400: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const result = await requestIframe(db, request.body, {
        sessionId: session?.id ?? null,
        userId: session?.userId ?? null,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        publicOrigin: config.publicOrigin,
      });
      return reply.code(201).send(result);
    },
  );
};
