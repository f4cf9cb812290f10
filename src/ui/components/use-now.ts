// "Now" for countdowns: the wall clock, ticking every `everyMs`; while a recording is replayed,
// the replay clock (the time of the event at the cursor), so a countdown reads what the user
// saw then (ADR 0013 §8).
import { useEffect, useState } from 'react';
import { replayStatus } from '../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';

export function useNow(everyMs: number): number {
  const replay = useSignalValue(replayStatus);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (replay !== null) return undefined;
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs, replay]);
  return replay !== null ? replay.at : now;
}
