// The wallet list for a screen: asks the engine to keep it fresh while the screen is mounted
// (nested screens count), and reads it from its signal.
import { useEffect } from 'react';
import type { WalletView } from '../../engine/api.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { wallet } from '../engine-bridge/signals.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';

export function useWallet(): WalletView {
  useEffect(() => {
    void engine.watchWallet(true);
    return () => void engine.watchWallet(false);
  }, []);
  return useSignalValue(wallet);
}

/**
 * Whether a screen may show the balances: loaded in this page session, or held from the last
 * one (shown as of their time, AccountShell says so). What acts on balances (a form's available
 * amount, Max) reads `loaded` alone.
 */
export const balancesKnown = (w: WalletView): boolean => w.loaded || w.held;
