/** Small helpers shared by the benchmarks. */

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** The process's peak resident memory so far, in MB. */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** `--name VALUE` from the arguments, or undefined when not given. */
export function flagText(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** `--name 123` from the arguments, or the default. */
export function flagNumber(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} needs a number`);
  return value;
}
