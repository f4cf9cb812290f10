// What a market list shows (issue 24): its tabs — the favourites first, then a tab per quote
// currency — and a tab's pairs in the workspace's sort. A sort by a live figure is applied again
// every RESORT_MS, not at every tick: rows do not jump under the pointer many times a second,
// and a list of pairs stays cheap on a busy market.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MarketView } from '../../../engine/api.ts';
import type { MarketSort, Workspace } from '../../../shared/workspace.ts';
import { market, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalSelect, useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { workspace } from '../../workspace.ts';
import { sortIsLive, sortSymbols } from './market-sort.ts';

/** The favourites tab's id (quote groups have the quote currency's id, ≥ 1). */
export const FAVOURITES_TAB = -1;
export const RESORT_MS = 2000;

export interface MarketTab {
  id: number;
  name: string;
  symbols: readonly string[];
}

const favouritesOf = (w: Workspace): readonly string[] => w.favourites;
const sortOf = (w: Workspace): MarketSort | null => w.marketSort;

/** The favourites (those the exchange lists, in the order they were starred) and the groups. */
export function useMarketTabs(): { tabs: readonly MarketTab[]; market: MarketView } {
  const { t } = useI18n();
  const m = useSignalValue(market);
  const favourites = useSignalSelect(workspace, favouritesOf);
  const name = t('market.favourites');
  const tabs = useMemo(() => {
    const listed = new Set(m.groups.flatMap((g) => g.symbols));
    const favs = { id: FAVOURITES_TAB, name, symbols: favourites.filter((s) => listed.has(s)) };
    return [favs, ...m.groups.map((g) => ({ id: g.legalId, name: g.name, symbols: g.symbols }))];
  }, [m.groups, favourites, name]);
  return { tabs, market: m };
}

/**
 * The chosen tab: the one the user picked, else the quote group holding `symbol` (the pair on
 * screen), else the first quote group.
 */
export function chooseTab(
  tabs: readonly MarketTab[],
  picked: number | null,
  symbol: string | null,
): MarketTab | undefined {
  const groups = tabs.filter((tab) => tab.id !== FAVOURITES_TAB);
  return (
    tabs.find((tab) => tab.id === picked) ??
    (symbol === null ? undefined : groups.find((g) => g.symbols.includes(symbol))) ??
    groups[0]
  );
}

/** `symbols` in the workspace's sort (the same array while the order stays the same). */
export function useSortedSymbols(symbols: readonly string[]): {
  symbols: readonly string[];
  sort: MarketSort | null;
} {
  const sort = useSignalSelect(workspace, sortOf);
  const live = sortIsLive(sort);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!live) return undefined;
    const id = setInterval(() => setRound((n) => n + 1), RESORT_MS);
    return () => clearInterval(id);
  }, [live]);
  const last = useRef<readonly string[]>(symbols);
  const sorted = useMemo(() => {
    const next = sortSymbols(symbols, (s) => tickerSignal(s).peek(), sort);
    const same = next.length === last.current.length && next.every((s, i) => s === last.current[i]);
    return same ? last.current : next;
    // `round` sorts the live figures again
  }, [symbols, sort, round]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    last.current = sorted;
  }, [sorted]);
  return { symbols: sorted, sort };
}
