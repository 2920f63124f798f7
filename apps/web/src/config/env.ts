import 'server-only';
import { z } from 'zod';
import { sessionCookieName } from '@freight/domain/session-cookie';

/**
 * Server-side environment of the web app, parsed once. The browser never sees these values.
 * API_INTERNAL_URL: where server components and the proxy reach the API directly.
 */
const WebEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  API_INTERNAL_URL: z.url().optional(),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  SUPPORT_CHAT_SCRIPT_URL: z
    .union([z.url(), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  PUBLIC_ORIGIN: z
    .union([z.url(), z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  ENABLE_TEST_ROUTES: z.enum(['0', '1', '']).optional(),
  /** Leaflet tile URL template for the maps, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; empty = no map. */
  MAP_TILE_URL: z
    .string()
    .refine(
      (v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v.replace(/\{[a-z]+\}/g, 'a'))),
      'a tile URL template',
    )
    .optional()
    .transform((v) => v || undefined),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
});

const parsed = WebEnvSchema.parse(process.env);

export const webEnv = {
  isProduction: parsed.NODE_ENV === 'production',
  apiInternalUrl: (parsed.API_INTERNAL_URL ?? `http://127.0.0.1:${parsed.API_PORT}`).replace(/\/+$/, ''),
  supportChatScriptUrl: parsed.SUPPORT_CHAT_SCRIPT_URL,
  /** Absolute origin for metadata (Open Graph URLs); defaults to the local address. */
  publicOrigin: parsed.PUBLIC_ORIGIN ?? `http://localhost:${parsed.PORT}`,
  httpsOrigin: parsed.PUBLIC_ORIGIN?.startsWith('https://') ?? false,
  /** The session cookie the API sets for this public origin (`__Host-auth_token` over https). */
  sessionCookie: sessionCookieName(parsed.PUBLIC_ORIGIN),
  testRoutes: parsed.ENABLE_TEST_ROUTES === '1',
  map: parsed.MAP_TILE_URL
    ? {
        tileUrl: parsed.MAP_TILE_URL,
        // The template's origin, for the CSP img-src ({s} subdomains allowed as a wildcard).
        tileOrigin: new URL(parsed.MAP_TILE_URL.replace(/\{s\}/g, 'a')).origin.replace(/^(https?:\/\/)a\./, '$1*.'),
        attribution: parsed.MAP_TILE_ATTRIBUTION?.trim() || '© участники OpenStreetMap',
      }
    : undefined,
};
