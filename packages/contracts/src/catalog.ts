import { z } from 'zod';
import { CityRefSchema, TRANSPORT_TYPE_CODES } from './locations';

export const PackageSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    price_kopecks: z.number().int(),
    price_unit: z.enum(['place', 'm3', 'kg']),
  })
  .meta({ id: 'Package' });
export const PackagesResponseSchema = z.array(PackageSchema).meta({ id: 'Packages' });

export const CargoTypeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    requires_hard_packaging: z.boolean(),
  })
  .meta({ id: 'CargoType' });
export const CargoTypesResponseSchema = z.array(CargoTypeSchema).meta({ id: 'CargoTypes' });

export const TransportationTypeSchema = z
  .object({
    id: z.number().int(),
    code: z.enum(TRANSPORT_TYPE_CODES),
    name: z.string(),
    description: z.string(),
    min_distance_km: z.number().int().nullable(),
    max_distance_km: z.number().int().nullable(),
  })
  .meta({ id: 'TransportationType' });
export const TransportationTypesResponseSchema = z.array(TransportationTypeSchema).meta({ id: 'TransportationTypes' });

export const TransportationTypeCheckQuerySchema = z.object({ first_city: CityRefSchema, second_city: CityRefSchema });
export const TransportationTypeCheckResponseSchema = z
  .object({
    first_city: z.object({ id: z.number().int(), name: z.string() }),
    second_city: z.object({ id: z.number().int(), name: z.string() }),
    distance_km: z.number().int(),
    available: z.array(TransportationTypeSchema),
    unavailable: z.array(z.object({ code: z.enum(TRANSPORT_TYPE_CODES), name: z.string(), reason: z.string() })),
  })
  .meta({ id: 'TransportationTypeCheck' });
export type TransportationTypeCheck = z.infer<typeof TransportationTypeCheckResponseSchema>;

export const AdditionalServiceSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(['loading', 'insurance', 'documents', 'delivery', 'storage']),
    /** Kopecks per unit; for `percent`, hundredths of a per cent of the declared value. */
    price_kopecks: z.number().int(),
    price_unit: z.enum(['order', 'place', 'kg', 'floor', 'percent', 'day']),
  })
  .meta({ id: 'AdditionalService' });
export type AdditionalService = z.infer<typeof AdditionalServiceSchema>;
export const AdditionalServicesResponseSchema = z.array(AdditionalServiceSchema).meta({ id: 'AdditionalServices' });
