import type { FieldValues, Resolver } from 'react-hook-form';
import type * as ResolverModule from '@hookform/resolvers/zod';
import type * as SchemaModule from './schemas';

type Schemas = typeof SchemaModule;

let schemas: Promise<Schemas> | null = null;
let resolverModule: Promise<typeof ResolverModule> | null = null;

function load() {
  schemas ??= import('./schemas').catch((error: unknown) => {
    schemas = null;
    throw error;
  });
  resolverModule ??= import('@hookform/resolvers/zod').catch((error: unknown) => {
    resolverModule = null;
    throw error;
  });
  return Promise.all([schemas, resolverModule]);
}

/**
 * A react-hook-form resolver that validates with one of ./schemas through @hookform/resolvers'
 * zodResolver, both loaded on the first validation: zod is not part of the page's first load.
 */
export function lazyZodResolver<Values extends FieldValues, Output = Values>(
  name: keyof Schemas,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) => {
    const [module, { zodResolver }] = await load();
    const resolver = zodResolver(module[name] as never) as unknown as Resolver<Values, unknown, Output>;
    return resolver(values, context, options);
  };
}

/** Starts loading the schemas (on the first interaction with a form). */
export function preloadSchemas(): void {
  void load().catch(() => undefined);
}
