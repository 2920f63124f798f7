import { defineConfig } from 'tsup';

/**
 * The HTTP edge of server.mjs (src/server/http-edge.ts) as one ESM file, dist/http-edge.mjs: our
 * workspace packages (the domain's texts and limits) are compiled in, npm dependencies stay
 * external. Next builds the pages; this builds only what the plain Node server imports.
 */
export default defineConfig({
  entry: { 'http-edge': 'src/server/http-edge.ts' },
  format: ['esm'],
  outExtension: () => ({ js: '.mjs' }),
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  splitting: false,
  noExternal: [/^@freight\//],
  external: [/^(?!@freight\/)[^./]/],
});
