import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCompileHints, COMPILE_HINT, firstLoadChunks, shiftSourceMap, withCompileHint } from './compile-hints';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A dist dir shaped like Next 16's: a root main file, one route's entry chunks, a lazy chunk. */
function fakeBuild() {
  const dist = mkdtempSync(path.join(tmpdir(), 'hints-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  mkdirSync(path.join(dist, 'server/app/(site)/offices'), { recursive: true });
  writeFileSync(
    path.join(dist, 'build-manifest.json'),
    JSON.stringify({ rootMainFiles: ['static/chunks/main.js'], polyfillFiles: ['static/chunks/polyfill.js'] }),
  );
  writeFileSync(
    path.join(dist, 'server/app/(site)/offices/page_client-reference-manifest.js'),
    'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n' +
      `globalThis.__RSC_MANIFEST["/(site)/offices/page"] = ${JSON.stringify({
        clientModules: { '[project]/lazy.tsx': { chunks: ['/_next/static/chunks/lazy.js'] } },
        entryJSFiles: {
          '[project]/app/layout': ['static/chunks/layout.js'],
          '[project]/app/page': ['static/chunks/page.js', 'static/chunks/layout.js'],
        },
        entryCSSFiles: { '[project]/app/layout': [{ path: 'static/chunks/site.css' }] },
      })};\n`,
  );
  const chunk = (name: string, body: string) => writeFileSync(path.join(dist, 'static/chunks', name), body);
  chunk('main.js', 'main();');
  chunk('layout.js', 'layout();\n//# sourceMappingURL=layout.js.map');
  chunk('page.js', 'page();');
  chunk('lazy.js', 'lazy();');
  chunk('polyfill.js', 'polyfill();');
  return dist;
}

describe('compile hints on the first-load chunks', () => {
  it('finds the root main files and every route entry chunk, not lazy chunks, polyfills or CSS', () => {
    const dist = fakeBuild();
    expect([...firstLoadChunks(dist)].sort()).toEqual([
      'static/chunks/layout.js',
      'static/chunks/main.js',
      'static/chunks/page.js',
    ]);
  });

  it('puts the hint first in those chunks only, once however often it runs', () => {
    const dist = fakeBuild();
    writeFileSync(
      path.join(dist, 'static/chunks/layout.js.map'),
      JSON.stringify({ version: 3, sources: ['layout.ts'], names: [], mappings: 'AAAA' }),
    );
    expect(applyCompileHints(dist).hinted).toBe(3);
    applyCompileHints(dist);
    const read = (name: string) => readFileSync(path.join(dist, 'static/chunks', name), 'utf8');
    expect(read('main.js')).toBe(`${COMPILE_HINT}\nmain();`);
    expect(read('page.js')).toBe(`${COMPILE_HINT}\npage();`);
    expect(read('lazy.js')).toBe('lazy();');
    expect(read('polyfill.js')).toBe('polyfill();');
    expect(read('layout.js').split('\n')[0]).toBe(COMPILE_HINT);
    // The map moved down with the code, once.
    expect(JSON.parse(read('layout.js.map')).mappings).toBe(';AAAA');
  });

  it('keeps a source map pointing at the same original code after the extra line', () => {
    // An empty generated line (';') has no segments, so the relative VLQ values of the lines
    // after it keep their meaning: each generated line maps to what the line above it mapped to.
    const map = { version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA,IAAI;AACA' };
    expect(shiftSourceMap(map)).toEqual({ ...map, mappings: ';AAAA,IAAI;AACA' });

    const indexed = {
      version: 3,
      sections: [
        { offset: { line: 0, column: 0 }, map },
        { offset: { line: 5, column: 2 }, map },
      ],
    };
    expect(shiftSourceMap(indexed).sections?.map((s) => s.offset)).toEqual([
      { line: 1, column: 0 },
      { line: 6, column: 2 },
    ]);
  });

  it('is the first line, so that V8 sees it before any function', () => {
    expect(withCompileHint('x()')).toBe(`${COMPILE_HINT}\nx()`);
    expect(withCompileHint(withCompileHint('x()'))).toBe(`${COMPILE_HINT}\nx()`);
  });
});
