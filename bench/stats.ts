// Small statistics for benchmark samples: medians over runs, a spread for the notes.

export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1
    ? (s[mid] as number)
    : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** "median 12.3 (min 11.9, max 14.0) over 7 runs" in the given unit. */
export function spread(samples: readonly number[], unit: string, digits = 1): string {
  const fmt = (v: number): string => v.toFixed(digits);
  return `median ${fmt(median(samples))} ${unit} (min ${fmt(Math.min(...samples))}, max ${fmt(
    Math.max(...samples),
  )}) over ${samples.length} runs`;
}

/** A deterministic PRNG (mulberry32): same seed, same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * CPU time of this process in ms (user + system, all its threads: GC helpers count). On a
 * shared machine this is steadier than wall time, which also counts time spent preempted.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
