/**
 * The CPU slowdown Lighthouse should apply on a host of this BenchmarkIndex, by Lighthouse's
 * CPU-throttling calculator (https://lighthouse-cpu-throttling-calculator.vercel.app/, linked
 * from Lighthouse's docs/throttling.md, «Calibrating the CPU slowdown»): the multiplier that
 * brings the host down to the mid-tier phone the default 4× assumes of a desktop host.
 * 1 533 → 4×, 1 300 → 3×, 800 → 2×, 150 and below → 1×; linear in between, growing above.
 */
export function calibratedMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex)) throw new Error(`BenchmarkIndex ${benchmarkIndex} is not a number`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}
