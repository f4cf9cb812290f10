// The shape every benchmark returns, so `bench/run.ts` can print one table and write one JSON.
// A row is one budget line of ../shared/BUDGETS.md (several rows may share an id, e.g. B2 at
// 1,000 and at 5,000 levels).

export interface BenchOptions {
  /** Short version (`npm run bench:quick`): fewer runs / shorter windows, same rows. */
  quick: boolean;
  /** Where to write traces or scratch files. */
  outDir: string;
}

export interface BenchRow {
  /** Budget id: "B1" … "B12". */
  id: string;
  /** What was measured, in words ("book apply, 5,000 levels, per level change"). */
  what: string;
  /** The measured value (median over runs unless `what` says otherwise). */
  value: number;
  unit: string;
  /** The budget in words, e.g. "≥ 50 % of JSON.parse", "≤ 16.7 ms". */
  budget: string;
  /** The floor or peer measured in the same run, in words with its number, or null. */
  peer: string | null;
  /** value / peer (or the ratio the budget is stated in), null when there is no peer. */
  ratio: number | null;
  /** Whether the budget is met. */
  pass: boolean;
  /** Anything a reader needs: runs, spread, machine notes. */
  note?: string;
}

export interface Benchmark {
  /** Short name, e.g. "engine-fold". */
  name: string;
  /** Budget ids it reports. */
  ids: string[];
  run(options: BenchOptions): Promise<BenchRow[]>;
}
