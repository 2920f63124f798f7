import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { E2E_SKIP } from '../lib/browser';
import {
  BACK_OFFICE_SIGNATURES,
  BUDGET_ABOVE_BARE_BYTES,
  SHELL_BUDGET_BYTES,
  ZOD_SIGNATURE,
  firstLoadJs,
  frameworkFirstLoad,
  kb,
  scriptSources,
  scriptsContaining,
  sizeOf,
  total,
} from '../lib/first-load-js';
import { PUBLIC_PAGES, resolvePath } from '../lib/public-pages';
import { ROOT } from '../lib/stack';
import { COMPILE_HINT, firstLoadChunks } from '../../apps/web/src/build/compile-hints';

/**
 * Issue #9 budget: a public page's first-load JavaScript (gzip) is at most 40 KB above a bare
 * Next.js page. Sizes are read from the production build the suite runs against, so the test is
 * deterministic (no timing). The bare page's cost is the framework floor of this very build —
 * `rootMainFiles` of its build manifest, which every App Router page loads; `npm run bench:web`
 * builds a real one-page app beside it and prints both (docs/decisions/009-performance-budgets.md).
 */
const DIST_DIR = path.join(ROOT, 'apps/web', process.env.NEXT_DIST_DIR || '.next');

describe.skipIf(E2E_SKIP)('first-load JavaScript budget of the public pages', () => {
  const baseUrl = inject('baseUrl');
  const framework = E2E_SKIP ? null : frameworkFirstLoad(DIST_DIR);

  it('the framework floor is read from the build and is a plausible React + Next.js runtime', () => {
    expect(framework!.files.length).toBeGreaterThan(0);
    // React DOM alone is over 50 KB gzip; a wrong manifest would give a tiny or zero floor.
    expect(framework!.gzip).toBeGreaterThan(60 * 1024);
  });

  it(`the shell's own JavaScript (scripts every public page loads beyond the framework) stays within ${kb(SHELL_BUDGET_BYTES)}`, async () => {
    // A 404 made by notFound() (an unknown address, like an unknown news item) names only the
    // framework in its HTML and loads the rest from its RSC payload: it says nothing about the shell.
    const pages = PUBLIC_PAGES.filter((p) => !p.pending && !p.embeddable && (p.status ?? 200) === 200);
    let common: string[] | null = null;
    for (const page of pages) {
      const html = await (await fetch(`${baseUrl}${await resolvePath(page, baseUrl)}`)).text();
      const own = scriptSources(html).filter((src) => !framework!.files.some((f) => f.src === src));
      common = common === null ? own : common.filter((src) => own.includes(src));
    }
    const shell = total((common ?? []).map((src) => sizeOf(DIST_DIR, src)));
    // Something is there (the layout's client components), and not more than the budget.
    expect(shell.files.length).toBeGreaterThan(0);
    expect(
      shell.gzip,
      `shell: ${shell.files.map((f) => `${path.basename(f.src)} ${kb(f.gzip)}`).join(', ')}`,
    ).toBeLessThanOrEqual(SHELL_BUDGET_BYTES);
  });

  it('the zod signature is real: the lazily loaded form schemas carry it', () => {
    const chunks = readdirSync(path.join(DIST_DIR, 'static/chunks'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/_next/static/chunks/${name}`);
    expect(scriptsContaining(DIST_DIR, chunks, ZOD_SIGNATURE).length).toBeGreaterThan(0);
  });

  it('only the chunks some page loads with its HTML carry the compile hint', async () => {
    const firstLoad = firstLoadChunks(DIST_DIR);
    const onDemand = readdirSync(path.join(DIST_DIR, 'static/chunks'))
      .filter((name) => name.endsWith('.js') && !firstLoad.has(`static/chunks/${name}`))
      .map((name) => `/_next/static/chunks/${name}`);
    // A chunk loaded on demand (a dialog, the map) is compiled the usual way, lazily.
    expect(onDemand.length).toBeGreaterThan(0);
    for (const src of onDemand) {
      const code = await (await fetch(`${baseUrl}${src}`)).text();
      expect(code.startsWith(COMPILE_HINT), src).toBe(false);
    }
  });

  it('the back-office signatures are real: some built chunk carries each of them', () => {
    const chunks = readdirSync(path.join(DIST_DIR, 'static/chunks'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.js'))
      .map((name) => `/_next/static/chunks/${name}`);
    for (const signature of BACK_OFFICE_SIGNATURES) {
      expect(scriptsContaining(DIST_DIR, chunks, signature).length, signature).toBeGreaterThan(0);
    }
  });

  for (const page of PUBLIC_PAGES) {
    it.skipIf(Boolean(page.pending))(
      `«${page.name}» stays within ${kb(BUDGET_ABOVE_BARE_BYTES)} above a bare page${page.pending ? ` (PENDING: ${page.pending})` : ''}`,
      async () => {
        const address = await resolvePath(page, baseUrl);
        const response = await fetch(`${baseUrl}${address}`);
        expect(response.status, address).toBe(page.status ?? 200);
        const html = await response.text();
        const load = firstLoadJs(html, DIST_DIR);
        // Every framework chunk is among the page's scripts: the floor really is a floor.
        const sources = scriptSources(html);
        for (const file of framework!.files) expect(sources, address).toContain(file.src);
        const above = load.gzip - framework!.gzip;
        const own = load.files
          .filter((f) => !framework!.files.some((g) => g.src === f.src))
          .map((f) => `${path.basename(f.src)} ${kb(f.gzip)}`)
          .join(', ');
        expect(
          above,
          `${address}: ${kb(load.gzip)} first-load JS, ${kb(above)} above the bare floor of ${kb(framework!.gzip)} (${own})`,
        ).toBeLessThanOrEqual(BUDGET_ABOVE_BARE_BYTES);
        // No back-office code (issue 17) in a public page's first load.
        for (const signature of BACK_OFFICE_SIGNATURES) {
          expect(
            scriptsContaining(DIST_DIR, sources, signature),
            `${address}: back-office code (${signature})`,
          ).toEqual([]);
        }
        // Every script of the first load, as served, starts with V8's compile hint: compiled
        // ahead of time off the main thread (decision 009).
        for (const src of sources) {
          const code = await (await fetch(`${baseUrl}${src}`)).text();
          expect(code.slice(0, COMPILE_HINT.length + 1), `${address}: ${src}`).toBe(`${COMPILE_HINT}\n`);
        }
        // zod (≈ 30 KB gzip) is loaded by `import()` when a form is submitted, never up front.
        expect(scriptsContaining(DIST_DIR, sources, ZOD_SIGNATURE), `${address}: first-load scripts with zod`).toEqual(
          [],
        );
      },
    );
  }
});
