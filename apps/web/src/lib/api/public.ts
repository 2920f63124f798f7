import 'server-only';
import type { z } from 'zod';
import { webEnv } from '@/config/env';
import { createPublicCache } from './public-cache';

/**
 * The web process's one cache of the API's public reference data (the same for every visitor and
 * not edited in the back-office: offices, cities, the network map, services, transport, packaging),
 * kept as long as the API's own Cache-Control allows. Content the back-office publishes (news,
 * promotions, the footer's links) is not read through it: the editor is told it shows at once.
 * Before, a first visit's home render made 11 API calls, which the API answered one after
 * another, and its HTML started 36–73 ms after the request; now 5, and 22–55 ms (issue #19).
 */
export const publicApi = createPublicCache({ baseUrl: () => webEnv.apiInternalUrl, timeoutMs: 3_000 });

/** A public answer's data, or null when the call failed: the section that needs it is left out. */
export async function publicData<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    return (await publicApi.get(path, schema)).data;
  } catch {
    return null;
  }
}
