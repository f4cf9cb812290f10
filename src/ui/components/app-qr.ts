// The app-download QR code (engine.appQrCode), fetched once per page and shared by the header
// popover and the home block.
import { useEffect, useState } from 'react';
import { engine } from '../engine-bridge/bridge.ts';

export type QrState =
  { status: 'loading' } | { status: 'ready'; src: string } | { status: 'error' };

let pending: Promise<QrState> | null = null;

function loadQr(): Promise<QrState> {
  pending ??= engine.appQrCode(window.location.origin).then((r): QrState => {
    if (r.ok && r.data !== '') return { status: 'ready', src: r.data };
    pending = null;
    return { status: 'error' };
  });
  return pending;
}

export function useAppQr(enabled = true): QrState {
  const [state, setState] = useState<QrState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    void loadQr().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}
