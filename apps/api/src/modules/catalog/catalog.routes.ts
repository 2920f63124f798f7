import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdditionalServicesResponseSchema,
  CargoTypesResponseSchema,
  ErrorBodySchema,
  PackagesResponseSchema,
  TransportationTypeCheckQuerySchema,
  TransportationTypeCheckResponseSchema,
  TransportationTypesResponseSchema,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import {
  checkTransportationTypes,
  listAdditionalServices,
  listCargoTypes,
  listPackages,
  listTransportationTypes,
} from './catalog.service';

const CACHE = 'public, max-age=300';

/** Spec §7: packages, cargo types, transportation types (and the check between two cities), additional services. */
export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/v1/duty_packages/package',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Packaging the carrier sells',
        response: { 200: PackagesResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', CACHE);
      return listPackages(db);
    },
  );

  app.get(
    '/api/v1/duty_cargo_types/cargo_type',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Kinds of cargo',
        response: { 200: CargoTypesResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', CACHE);
      return listCargoTypes(db);
    },
  );

  app.get(
    '/api/v1/duty_transportation/transportation_type',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Transportation types',
        response: { 200: TransportationTypesResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', CACHE);
      return listTransportationTypes(db);
    },
  );

  app.get(
    '/api/v1/duty_transportation/transportation_type_check',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Transportation types available between two cities (our ids or FIAS ids), with reasons for the rest',
        querystring: TransportationTypeCheckQuerySchema,
        response: { 200: TransportationTypeCheckResponseSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', CACHE);
      return checkTransportationTypes(db, request.query.first_city, request.query.second_city);
    },
  );

  app.get(
    '/api/v1/duty_additional_services/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Additional services with prices (kopecks per unit)',
        response: { 200: AdditionalServicesResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', CACHE);
      return listAdditionalServices(db);
    },
  );
};
