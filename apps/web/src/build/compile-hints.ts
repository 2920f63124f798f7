import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/**
 * V8's explicit compile hint (Chrome 136+): a script that begins with this comment has all its
 * functions compiled eagerly, on a background thread while the script streams in, instead of
 * lazily on the main thread the first time each one is called. Decision 009, issue #19.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Without the hint, Next's start-up and the hydration of a page spend a large part of their main
 * thread parsing and compiling functions one by one as they are first called (V8.ParseFunction,
 * V8.CompileIgnition in a trace): most of the first-load JavaScript runs while the page starts,
 * so compiling it ahead of time, off the main thread, is what the hint is for. It is given to the
 * first-load chunks only: a chunk loaded later (a dialog, the map, the schemas) is compiled the
 * usual way, so code that may never run is not compiled at all.
 */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

interface Section {
  offset: { line: number; column: number };
  map: unknown;
}
type SourceMap = { sections?: Section[]; mappings?: string };

/** The source map of a chunk that has one more line at the top: every generated line moves down by one. */
export function shiftSourceMap(map: SourceMap): SourceMap {
  if (Array.isArray(map.sections)) {
    return {
      ...map,
      sections: map.sections.map((s) => ({ ...s, offset: { ...s.offset, line: s.offset.line + 1 } })),
    };
  }
  if (typeof map.mappings === 'string') return { ...map, mappings: `;${map.mappings}` };
  return map;
}

/**
 * The chunks some page loads with its HTML (`static/chunks/….js`, relative to the dist dir): the
 * root main files of build-manifest.json and the entry files of every route's client reference
 * manifest. A chunk only named as a client module's (loaded when a payload refers to it) or
 * imported on demand is not one of them.
 */
export function firstLoadChunks(distDir: string): Set<string> {
  const chunks = new Set<string>();
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles?: string[];
  };
  for (const file of buildManifest.rootMainFiles ?? []) chunks.add(file);
  for (const file of manifestFiles(path.join(distDir, 'server/app'))) {
    const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
    vm.runInNewContext(readFileSync(file, 'utf8'), { globalThis: sandbox });
    for (const route of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
      for (const files of Object.values(route.entryJSFiles ?? {})) for (const f of files) chunks.add(f);
    }
  }
  return new Set([...chunks].filter((f) => f.endsWith('.js')));
}

function manifestFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...manifestFiles(full));
    else if (entry.name.endsWith('_client-reference-manifest.js')) found.push(full);
  }
  return found;
}

/**
 * Gives the compile hint to every first-load chunk of the build in `distDir` (and moves its source
 * map, when the build has them, one line down). Safe to run twice. Returns how many chunks have it.
 */
export function applyCompileHints(distDir: string): { hinted: number; bytes: number } {
  let hinted = 0;
  let bytes = 0;
  for (const relative of firstLoadChunks(distDir)) {
    const file = path.join(distDir, relative);
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    const code = readFileSync(file, 'utf8');
    hinted += 1;
    bytes += Buffer.byteLength(code);
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, withCompileHint(code));
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
    const mapFile = mapName && !mapName.startsWith('data:') ? path.join(path.dirname(file), mapName) : null;
    if (mapFile && existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap;
      writeFileSync(mapFile, JSON.stringify(shiftSourceMap(map)));
    }
  }
  return { hinted, bytes };
}
