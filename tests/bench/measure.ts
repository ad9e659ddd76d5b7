import { performance } from 'node:perf_hooks';

export interface LatencyResult {
  requests: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** Runs `task` `total` times with `concurrency` workers; latency of each call and the overall rate. */
export async function run(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
): Promise<LatencyResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        try {
          await task(i);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    concurrency,
    seconds: round(seconds),
    perSecond: round(total / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    errors,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
