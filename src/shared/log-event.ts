// The unit of the event log (ARCHITECTURE §4). Everything the engine learns or does is one of
// these; projections are pure folds over them. `at` is the engine's clock when it was logged
// (ms); `seq` is assigned by the log, strictly increasing.
export type LogKind = 'push' | 'reply' | 'command' | 'system';

export interface LogEvent<B = unknown> {
  seq: number;
  at: number;
  kind: LogKind;
  /** Dotted name, e.g. `market.daymarket`, `auth.login`, `socket.connected`. */
  name: string;
  body: B;
}
