import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * First-load JavaScript of a page: every script its HTML makes the browser fetch before the page
 * is interactive — the `<script src>` tags (Next's framework, runtime, layout and page chunks),
 * not the `noModule` polyfills modern browsers skip, not chunks loaded later by `import()` —
 * each read from the build output and gzipped at level 9 (what `next build` used to print as
 * "First Load JS"). Shared by `npm run bench:web` and e2e/tests/performance-budget.test.ts.
 */

/**
 * Budget of issue #9: at most this much (gzip) above a bare Next.js page. Raised from 40 to 42 KB
 * on 2026-11-24: home reached 40.1 KB when the calculator chunk grew (8.3 → 21.4 KB gzip) with the
 * shipment field table and the kit Combobox; cutting it back is part of issue #19 item 1.
 */
export const BUDGET_ABOVE_BARE_BYTES = 42 * 1024;

/**
 * Budget of issue #19 (main-thread work): the JavaScript every public page carries beyond the
 * framework — the site shell's own client code (header buttons, burger, cookie notice, support
 * launcher, bug-report button, progress bar). Its dialogs load on first use, not with the page.
 */
export const SHELL_BUDGET_BYTES = 17 * 1024;

export interface ScriptSize {
  src: string;
  bytes: number;
  gzip: number;
}

export interface FirstLoad {
  files: ScriptSize[];
  bytes: number;
  gzip: number;
}

/** Same-origin script addresses of an HTML document, in order, without duplicates or noModule ones. */
export function scriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bnomodule\b/i.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(attributes)?.[1];
    if (!src || !src.startsWith('/_next/static/')) continue;
    const clean = src.split('?')[0]!;
    if (!sources.includes(clean)) sources.push(clean);
  }
  return sources;
}

const gzipCache = new Map<string, ScriptSize>();

/** Raw and gzip (level 9) size of one built file, `src` as the HTML names it (/_next/static/…). */
export function sizeOf(distDir: string, src: string): ScriptSize {
  const file = path.join(distDir, src.replace(/^\/_next\//, ''));
  const cached = gzipCache.get(file);
  if (cached) return { ...cached, src };
  const content = readFileSync(file);
  const size = { src, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  gzipCache.set(file, size);
  return size;
}

export function total(files: ScriptSize[]): FirstLoad {
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** First-load JavaScript of a page from its HTML and the build it was served from. */
export function firstLoadJs(html: string, distDir: string): FirstLoad {
  return total(scriptSources(html).map((src) => sizeOf(distDir, src)));
}

/**
 * The framework part every App Router page loads: `rootMainFiles` of the build manifest
 * (React, React DOM, the Next.js client and the bundler runtime). This is the floor of any
 * page in this build, bare or not; see docs/decisions/009-performance-budgets.md.
 */
export function frameworkFirstLoad(distDir: string): FirstLoad {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles: string[];
  };
  return total(manifest.rootMainFiles.map((file) => sizeOf(distDir, `/_next/${file}`)));
}

/**
 * A string every build of zod 4 keeps through minification (`core.$constructor("$ZodType", …)`).
 * No first-load script may contain it: client code takes zod only inside `import()`
 * (docs/decisions/009-performance-budgets.md).
 */
export const ZOD_SIGNATURE = '$ZodType';

/** The scripts (as the HTML names them) whose built file contains `needle`. */
export function scriptsContaining(distDir: string, sources: readonly string[], needle: string): string[] {
  return sources.filter((src) => readFileSync(path.join(distDir, src.replace(/^\/_next\//, ''))).includes(needle));
}

/**
 * Strings only back-office code carries (issue 17): a TanStack Table method name (the kit's
 * DataTable) and a text of the staff sign-in. No public page may load a script holding either.
 */
export const BACK_OFFICE_SIGNATURES = ['getToggleAllRowsSelectedHandler', 'Код из приложения'] as const;

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
