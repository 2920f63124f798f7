import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

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
      environment: 'node',
      env: { TEST_DB_KIND: 'pglite' },
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
      include: [...apiInclude, 'e2e/pg/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB_KIND: 'pg' },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
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
