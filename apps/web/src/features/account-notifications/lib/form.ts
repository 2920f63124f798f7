import { createLazyZodResolver } from '@/lib/form/lazy-zod-resolver';

/** The feature's form resolvers: ./schemas and zod load on the first validation (lib/form). */
export const { lazyZodResolver, preloadSchemas } = createLazyZodResolver(() => import('./schemas'));
