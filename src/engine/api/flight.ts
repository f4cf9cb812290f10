// The flight recorder's public types (issue 47, ADR 0078; re-exported by api.ts): the invariants
// the engine and the page check while they run, and the incident the page offers a report of.

/**
 * What broke:
 * - 'book-crossed': the watched book's best bid stayed at or above its best ask;
 * - 'seq-gap': the book's delta stream lost a message and no snapshot healed it while online;
 * - 'checkpoint': a checkpoint, read back, is not the state the fold has (a projection named);
 * - 'engine-error': an uncaught error or rejected promise in the engine's worker;
 * - 'page-error': an uncaught error or rejected promise on the page;
 * - 'long-frame': the page's main thread blocked a frame for more than 500 ms.
 */
import type { ExportFile } from './engine-run.ts';

export type Invariant =
  'book-crossed' | 'seq-gap' | 'checkpoint' | 'engine-error' | 'page-error' | 'long-frame';

export const INVARIANTS = [
  'book-crossed',
  'seq-gap',
  'checkpoint',
  'engine-error',
  'page-error',
  'long-frame',
] as const satisfies readonly Invariant[];

/** The break the page offers a report of (ConnectionView.incident), and a report names. */
export interface Incident {
  invariant: Invariant;
  /**
   * The event where it broke: the one whose fold broke the invariant, or the last one logged
   * before it broke (an error, a long frame); null when nothing was logged yet.
   */
  seq: number | null;
  /** What was seen, short and without personal data (a message, best prices, a projection). */
  detail: string;
}

/** What the page itself saw break (EngineApi.flightBreak). */
export interface PageBreak {
  invariant: 'page-error' | 'long-frame';
  detail: string;
}

/** The engine's calls of the flight recorder (EngineApi). */
export interface FlightCalls {
  /**
   * The page saw one of its own invariants break (an uncaught error, a long frame). The engine
   * keeps the log up to now aside and offers a report (ConnectionView.incident), once per
   * invariant and page session.
   */
  flightBreak(report: PageBreak): Promise<void>;
  /**
   * The report of the incident offered: the log of the minutes before the break, up to its
   * `flight.break` event, masked, as an exported file. Rejects with a reason when none is kept.
   */
  flightReport(onProgress?: (done: number, total: number) => void): Promise<ExportFile>;
  /** The user declined (or saved) the report: the offer goes, and the log kept aside with it. */
  flightDismiss(): Promise<void>;
}
