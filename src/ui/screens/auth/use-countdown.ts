// The send-code countdown (CODE_RESEND_SECONDS after a successful send).
import { useCallback, useEffect, useState } from 'react';
import { CODE_RESEND_SECONDS } from '../../../shared/constants.ts';

export function useCountdown(seconds = CODE_RESEND_SECONDS): { left: number; start: () => void } {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setLeft((l) => (l > 0 ? l - 1 : 0)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return { left, start };
}
