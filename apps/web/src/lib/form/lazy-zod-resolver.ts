import type { FieldValues, Resolver } from 'react-hook-form';
import type * as ResolverModule from '@hookform/resolvers/zod';

/** A failed dynamic import is forgotten, so the next validation tries again. */
function retrying<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * React-hook-form resolvers for a feature's schema module, validating through @hookform/resolvers'
 * zodResolver, both loaded on the first validation (or `preloadSchemas`, on the first interaction
 * with a form): zod is never part of a page's first-load JavaScript. Each feature passes its own
 * `() => import('./schemas')`, so the bundler keeps one chunk per feature.
 */
export function createLazyZodResolver<Schemas extends Record<string, unknown>>(loadSchemas: () => Promise<Schemas>) {
  const schemas = retrying(loadSchemas);
  const resolverModule = retrying<typeof ResolverModule>(() => import('@hookform/resolvers/zod'));
  const load = () => Promise.all([schemas(), resolverModule()]);

  return {
    /** A resolver validating with the schema `name` of the feature's module. */
    lazyZodResolver<Values extends FieldValues, Output = Values>(
      name: keyof Schemas,
    ): Resolver<Values, unknown, Output> {
      return async (values, context, options) => {
        const [module, { zodResolver }] = await load();
        const resolver = zodResolver(module[name] as never) as unknown as Resolver<Values, unknown, Output>;
        return resolver(values, context, options);
      };
    },
    /** Starts loading the schemas and the resolver. */
    preloadSchemas(): void {
      void load().catch(() => undefined);
    },
  };
}
