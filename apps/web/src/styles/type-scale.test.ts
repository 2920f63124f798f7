import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every distinct font size and weight on a page is one more font the browser looks up before its
// first layout; on Linux each lookup is a round trip to the browser process, and it was most of
// home's first layout (issue #19). So the stylesheets keep to three weights and to fixed sizes.
const SRC = path.resolve(__dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

function declarations(property: string) {
  return cssFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;}]+)`, 'g'))].map(
      (match) => ({ file: path.relative(SRC, file), value: match[1]!.trim() }),
    ),
  );
}

describe('type scale', () => {
  it('finds the stylesheets it checks', () => {
    expect(cssFiles(SRC).length).toBeGreaterThan(20);
    expect(declarations('font-weight').length).toBeGreaterThan(50);
    expect(declarations('font-size').length).toBeGreaterThan(100);
  });

  it('uses three font weights: 400 for text, 600 for emphasis, 700 for headings', () => {
    const others = declarations('font-weight').filter(
      ({ value }) => !['400', '600', '700', 'normal', 'bold', 'inherit'].includes(value),
    );
    expect(others).toEqual([]);
  });

  it('has no fluid font sizes (each window width would need fonts of its own)', () => {
    const fluid = declarations('font-size').filter(({ value }) => /vw|vh|vmin|vmax|clamp\(|calc\(/.test(value));
    expect(fluid).toEqual([]);
  });
});
