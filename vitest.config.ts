import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// Vitest 5 reports failures with Map.groupBy, which Node 20 lacks (it arrived in Node 21).
// Without this a failing test crashes the reporter instead of being reported.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, key: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

/**
 * One Vitest process runs every suite as a project, so one reporter sums them.
 * The PostgreSQL project exists only when TEST_DATABASE_URL is set; it runs the
 * very same API test files against a real server (each file in its own database).
 */
const apiInclude = ['apps/api/src/**/*.test.ts'];

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'domain',
      include: ['packages/domain/src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'contracts',
      include: ['packages/contracts/src/**/*.test.ts'],
      environment: 'node',
    },
  },
  {
    test: {
      name: 'db',
      include: ['packages/db/src/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  },
  {
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    resolve: { alias: { '@/': fileURLToPath(new URL('./apps/web/src/', import.meta.url)) } },
    test: {
      name: 'web',
      include: ['apps/web/src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['apps/web/vitest.setup.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  },
  {
    test: {
      name: 'api',
      include: apiInclude,
      // PostgreSQL-only tests (server restarts and the like) run in api-pg.
      exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
      environment: 'node',
      env: { TEST_DB_KIND: 'pglite' },
      isolate: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
  {
    test: {
      name: 'e2e',
      include: ['e2e/tests/**/*.test.ts'],
      environment: 'node',
      globalSetup: ['e2e/global-setup.ts'],
      fileParallelism: false,
      testTimeout: 90_000,
      hookTimeout: 180_000,
    },
  },
];

if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-pg',
      include: apiInclude,
      environment: 'node',
      env: { TEST_DB_KIND: 'pg' },
      isolate: false,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
}

/**
 * Vitest's default in run mode is one worker fewer than the CPUs: one on CI's 2 CPUs, so every file
 * ran in turn while most of them wait on a database. The suites are independent (each API file has
 * its own database), so they run side by side; VITEST_WORKERS overrides. The e2e project keeps one
 * file at a time (fileParallelism: false).
 */
const maxWorkers = Number(process.env.VITEST_WORKERS) || Math.max(3, availableParallelism());

export default defineConfig({
  test: {
    projects,
    maxWorkers,
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/index.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 95 },
    },
  },
});
