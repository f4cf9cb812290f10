import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { announcement } from './announcer.ts';

/** The announcer's region: mounted once by the layout, present (empty) before any message. */
export function AnnouncerRegion() {
  const text = useSignalValue(announcement);
  return (
    <div
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="announcer"
    >
      {text}
    </div>
  );
}
