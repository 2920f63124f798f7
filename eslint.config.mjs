// One flat config for the whole workspace. Besides the usual TypeScript/React/Next rules it
// enforces the dependency direction of docs/architecture.md:
//   domain ← contracts ← web;  domain ← db ← api;  contracts ← api;
//   web never imports db or api; features never import other features.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import nextPlugin from '@next/eslint-plugin-next';
import globals from 'globals';

const features = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const restrict = (files, patterns, ignores = ['**/*.test.ts', '**/*.test.tsx']) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const onlyZod = {
  regex: '^(?!zod($|/)|\\.{1,2}/)',
  message: 'packages/domain holds pure rules: it may import zod and its own modules only.',
};
const noApps = {
  group: ['@freight/web', '@freight/web/*', '@freight/api', '@freight/api/*'],
  message: 'Packages never import apps.',
};
const noDb = {
  group: ['@freight/db', '@freight/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
  message: 'This layer never touches the database.',
};
const noContracts = {
  group: ['@freight/contracts', '@freight/contracts/*'],
  message: 'packages/db depends on domain only, not on HTTP contracts.',
};
const noServerFrameworks = {
  group: ['fastify', 'fastify/*', '@fastify/*'],
  message: 'The web app never imports the API framework.',
};
const noNextLink = {
  group: ['next/link'],
  message: "Import { Link } from '@/components/ui/link': it prefetches on intent, not on sight (issue #19).",
};
const webIgnores = ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/components/ui/link.tsx'];
const noUi = { group: ['react', 'react/*', 'react-dom', 'next', 'next/*'], message: 'No UI framework here.' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '**/.next-*/**',
      '**/coverage/**',
      '**/next-env.d.ts',
      '.data/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.d.ts'],
    rules: { 'no-var': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  restrict(['packages/domain/**/*.ts'], [onlyZod]),
  restrict(['packages/contracts/**/*.ts'], [noApps, noDb, noUi, noServerFrameworks]),
  restrict(['packages/db/**/*.ts'], [noApps, noContracts, noUi, noServerFrameworks]),
  restrict(['apps/web/**/*.{ts,tsx,mts}'], [noDb, noServerFrameworks, noApps, noNextLink], webIgnores),
  restrict(['e2e/**/*.ts'], [noApps]),
  ...features.map((feature) =>
    restrict(
      [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      [
        noDb,
        noServerFrameworks,
        noApps,
        noNextLink,
        {
          regex: `^@/features/(?!${feature}(/|$))`,
          message: 'Features never import other features: compose them in the route, or move shared code down.',
        },
      ],
      webIgnores,
    ),
  ),
);
