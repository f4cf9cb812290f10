// Session bookkeeping: keeps the spec's login keys in storage, and handles a 999 answer
// (session.expiredAt set): toast 'Please login again', clear storage (keep the locale), go to
// the login page after REDIRECT_DELAY_MS, then acknowledge to the engine. The engine gives one
// notice per session; while a redirect is pending a second one would be ignored here too.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { REDIRECT_DELAY_MS } from '../../shared/constants.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { session } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { t } from '../i18n/i18n.ts';
import { rememberSession } from '../session/session-actions.ts';
import { storage } from '../storage.ts';
import { toast } from '../toast/toast.ts';

export function SessionWatch() {
  const s = useSignalValue(session);
  const navigate = useNavigate();
  const handled = useRef<number | null>(null);
  const redirecting = useRef(false);

  useEffect(() => {
    rememberSession(s);
  }, [s]);

  const expiredAt = s.expiredAt;
  useEffect(() => {
    if (expiredAt === null || handled.current === expiredAt || redirecting.current) return;
    handled.current = expiredAt;
    redirecting.current = true;
    toast.error(t('session.expired'));
    storage.clearOnLogout();
    // Not cancelled on re-render: the redirect must happen once the toast is up.
    setTimeout(() => {
      redirecting.current = false;
      void navigate('/components/login');
      void engine.ackExpired();
    }, REDIRECT_DELAY_MS);
  }, [expiredAt, navigate]);

  return null;
}
