// "As of hh:mm:ss" over a market list while the connection is down: its prices are the last
// known ones, of the newest ticker's time (issue 41). Nothing while connected.
import { tickersAt } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { DataAge } from '../data-age.tsx';

export function TickersAsOf() {
  return <DataAge at={useSignalValue(tickersAt)} />;
}
