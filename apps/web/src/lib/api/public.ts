import 'server-only';
import type { z } from 'zod';
import { webEnv } from '@/config/env';
import { createPublicCache } from './public-cache';

/**
 * The web process's one cache of the API's public answers (the same for every visitor: offices,
 * cities, news on the home page, the footer's links, packaging…), kept as long as the API's own
 * Cache-Control allows. A page's server render then asks the API only for what is the visitor's
 * own (the session, the draft): before, home made ten calls per render, which the API answered
 * one after another, and its HTML started 40–60 ms after the request (issue #19).
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
