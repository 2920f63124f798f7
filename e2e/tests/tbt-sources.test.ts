import { describe, expect, it } from 'vitest';
import { blockingPart, meanSplit, sourceOf, tbtBySource } from '../lib/tbt-sources';

const window = { firstContentfulPaint: 1000, interactive: 3000 };
const page = 'http://localhost:3000/calculator?from=1';
const framework = new Set(['/_next/static/chunks/react-dom.js']);

describe('blockingPart (Lighthouse TBT rule per task)', () => {
  it('counts what lies beyond 50 ms inside [FCP, TTI]', () => {
    expect(blockingPart({ startTime: 1500, duration: 200 }, window)).toBe(150);
    expect(blockingPart({ startTime: 1500, duration: 50 }, window)).toBe(0);
  });

  it('clips a task that starts before FCP or ends after TTI', () => {
    expect(blockingPart({ startTime: 900, duration: 300 }, window)).toBe(150);
    expect(blockingPart({ startTime: 2900, duration: 300 }, window)).toBe(50);
    expect(blockingPart({ startTime: 500, duration: 400 }, window)).toBe(0);
    expect(blockingPart({ startTime: 3100, duration: 400 }, window)).toBe(0);
  });
});

describe('sourceOf', () => {
  it('tells the document, framework, stylesheets, page scripts and unattributed apart', () => {
    expect(sourceOf('http://localhost:3000/calculator', page, framework)).toBe('document');
    expect(sourceOf('http://localhost:3000/_next/static/chunks/react-dom.js', page, framework)).toBe('framework');
    expect(sourceOf('http://localhost:3000/_next/static/chunks/app.css', page, framework)).toBe('stylesheets');
    expect(sourceOf('http://localhost:3000/_next/static/chunks/calc.js', page, framework)).toBe('pageScripts');
    expect(sourceOf('Unattributable', page, framework)).toBe('unattributed');
  });

  it('does not take another page of the site for the document', () => {
    expect(sourceOf('http://localhost:3000/', page, framework)).toBe('pageScripts');
  });
});

describe('tbtBySource', () => {
  it('splits one run and adds up to the sum of the blocking parts', () => {
    const split = tbtBySource(
      [
        { startTime: 1100, duration: 300, url: 'http://localhost:3000/calculator' },
        { startTime: 1500, duration: 120, url: 'Unattributable' },
        { startTime: 2000, duration: 250, url: 'http://localhost:3000/_next/static/chunks/react-dom.js' },
        { startTime: 2300, duration: 90, url: 'http://localhost:3000/_next/static/chunks/calc.js' },
        { startTime: 600, duration: 200, url: 'http://localhost:3000/_next/static/chunks/app.css' },
      ],
      window,
      page,
      framework,
    );
    expect(split).toEqual({ document: 250, unattributed: 70, framework: 200, pageScripts: 40, stylesheets: 0 });
  });

  it('averages runs', () => {
    const a = { document: 100, unattributed: 0, framework: 50, pageScripts: 0, stylesheets: 10 };
    const b = { document: 300, unattributed: 20, framework: 150, pageScripts: 0, stylesheets: 0 };
    expect(meanSplit([a, b])).toEqual({
      document: 200,
      unattributed: 10,
      framework: 100,
      pageScripts: 0,
      stylesheets: 5,
    });
    expect(meanSplit([]).document).toBe(0);
  });
});
