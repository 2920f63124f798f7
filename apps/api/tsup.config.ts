import { cpSync, rmSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * The API ships as one ESM bundle: our workspace packages are compiled in, npm dependencies
 * stay external (PGlite needs its WASM files from node_modules). Migrations are copied
 * beside the bundle, where @freight/db looks for them.
 */
export default defineConfig({
  // upload-process: the child that receives bug-report uploads (modules/uploads/upload-process.ts).
  entry: { server: 'src/server.ts', 'upload-process': 'src/modules/uploads/upload-process-main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  noExternal: [/^@freight\//],
  // Every bare import that is not ours stays a runtime import from node_modules.
  external: [/^(?!@freight\/)[^./]/],
  onSuccess: async () => {
    rmSync('dist/migrations', { recursive: true, force: true });
    cpSync('../../packages/db/migrations', 'dist/migrations', { recursive: true });
  },
});
