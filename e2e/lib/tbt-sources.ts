/**
 * Where a page's Total Blocking Time goes, from one Lighthouse run (`npm run bench:web`, issue #19:
 * «find where the time goes»).
 *
 * Lighthouse's `long-tasks` audit lists the main-thread tasks of 50 ms and more on its simulated
 * timeline (with simulated throttling, a task's observed duration times the CPU slowdown; a task
 * that performs layout counts half that, Lantern's layout multiplier), each with the file it is
 * attributed to: a script, a stylesheet, the document itself (HTML parsing, its inline scripts and
 * the layout the parser starts) or none. TBT is the part of every such task beyond 50 ms that lies
 * between First Contentful Paint and Time to Interactive, so the same clipping applied to each task
 * splits the blocking time by source. Lighthouse reports the mean of an optimistic and a
 * pessimistic estimate, so the sum here is close to its TBT, not equal to it.
 */

export const BLOCKING_THRESHOLD_MS = 50;

export const TBT_SOURCES = ['document', 'unattributed', 'framework', 'pageScripts', 'stylesheets'] as const;
export type TbtSource = (typeof TBT_SOURCES)[number];

export const TBT_SOURCE_LABELS: Record<TbtSource, string> = {
  document: 'document',
  unattributed: 'unattrib.',
  framework: 'framework',
  pageScripts: 'page JS',
  stylesheets: 'CSS',
};

export interface LongTask {
  /** Start on the simulated timeline, ms from navigation. */
  startTime: number;
  /** Simulated duration, ms. */
  duration: number;
  /** The attributed file (absolute URL) or Lighthouse's 'Unattributable'. */
  url: string;
}

export interface TbtWindow {
  firstContentfulPaint: number;
  interactive: number;
}

/** The blocking part of one task: beyond 50 ms, inside [FCP, TTI] (Lighthouse's TBT rule). */
export function blockingPart(task: Pick<LongTask, 'startTime' | 'duration'>, window: TbtWindow): number {
  const start = Math.max(task.startTime, window.firstContentfulPaint);
  const end = Math.min(task.startTime + task.duration, window.interactive);
  return Math.max(0, end - start - BLOCKING_THRESHOLD_MS);
}

/**
 * The source of a task's file: the page's own document, a framework script (`frameworkPaths`:
 * the build's rootMainFiles, React and the Next.js client, which every page loads), a stylesheet,
 * another script of the page, or unattributed (style, layout and paint outside a script).
 */
export function sourceOf(url: string, pageUrl: string, frameworkPaths: ReadonlySet<string>): TbtSource {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'unattributed';
  }
  const page = new URL(pageUrl);
  if (parsed.origin === page.origin && parsed.pathname === page.pathname) return 'document';
  if (frameworkPaths.has(parsed.pathname)) return 'framework';
  if (parsed.pathname.endsWith('.css')) return 'stylesheets';
  return 'pageScripts';
}

/** The blocking time of one run split by source; the values add up to about the run's TBT. */
export function tbtBySource(
  tasks: readonly LongTask[],
  window: TbtWindow,
  pageUrl: string,
  frameworkPaths: ReadonlySet<string>,
): Record<TbtSource, number> {
  const split = Object.fromEntries(TBT_SOURCES.map((s) => [s, 0])) as Record<TbtSource, number>;
  for (const task of tasks) split[sourceOf(task.url, pageUrl, frameworkPaths)] += blockingPart(task, window);
  return split;
}

/** The mean split over several runs. */
export function meanSplit(splits: readonly Record<TbtSource, number>[]): Record<TbtSource, number> {
  const mean = Object.fromEntries(TBT_SOURCES.map((s) => [s, 0])) as Record<TbtSource, number>;
  if (splits.length === 0) return mean;
  for (const split of splits) for (const s of TBT_SOURCES) mean[s] += split[s] / splits.length;
  return mean;
}
