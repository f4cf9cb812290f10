// The calls by which the page tells the engine of itself (issue 22): online or not, shown or
// hidden, its language, the expiry it showed, the pair it watches and the book's settings (the
// grouping, the window of rows, the rate, whose book, the depth chart). They change what the
// engine sends in a frame or log a UI event; none acts on the exchange.
import type { EngineApi } from './api.ts';
import type { EngineContext } from './context.ts';
import type { EngineCore } from './engine-core.ts';
import type { Started } from './engine-boot.ts';
import type { NewEvent } from './events.ts';
import { acknowledgeExpiry } from './session-actions.ts';
import { fetchHistory } from './sync/market-sync.ts';

export type PageCalls = Pick<
  EngineApi,
  | 'setOnline'
  | 'setVisible'
  | 'setLang'
  | 'ackExpired'
  | 'selectPair'
  | 'setBookGrouping'
  | 'setBookWindow'
  | 'setBookRate'
  | 'setBookOwner'
  | 'watchDepth'
>;

type UiEventName = 'ui.visible' | 'ui.lang' | 'session.expired-ack' | 'ui.select-pair';

export interface PageCallDeps {
  /** The started engine's context (waits for the start; rejects before it). */
  ready(): Promise<EngineContext>;
  /** The started engine, or null before start(). */
  started(): Promise<Started> | null;
}

export function pageCalls(core: EngineCore, deps: PageCallDeps): PageCalls {
  const { services, frames, reader, page } = core;
  // one of the UI's own events, its body checked against its name's
  const uiEvent = <N extends UiEventName>(name: N, body: Extract<NewEvent, { name: N }>['body']) =>
    ({ at: services.clock.now(), kind: 'command', name, body }) as NewEvent;
  const settled = Promise.resolve();
  return {
    async setOnline(online) {
      await settled;
      core.network.set(online);
    },
    async setVisible(next) {
      page.visible = next;
      // a hidden page may be closed: checkpoint now, so the next start folds little
      if (!next) core.checkpointer?.soon();
      frames.setVisible(next);
      core.dispatchUi(uiEvent('ui.visible', { visible: next }));
      // and written now, with what waits: a page navigated away or closed loses nothing it showed
      if (!next && core.logOpen) void core.log.flush();
      const started = deps.started();
      if (started !== null) {
        const r = await started;
        r.poller.update(next);
        r.spot.update(next);
      }
    },
    async setLang(next) {
      page.lang = next;
      core.dispatchUi(uiEvent('ui.lang', { lang: next }));
      await settled;
    },
    async ackExpired() {
      acknowledgeExpiry(core.auth);
      core.dispatchUi(uiEvent('session.expired-ack', {}));
      await settled;
    },
    async selectPair(symbol) {
      const ctx = await deps.ready();
      ctx.store.dispatch(uiEvent('ui.select-pair', { symbol }));
      const state = ctx.store.state().market;
      if (symbol in state.tickers && state.sparklines[symbol] === undefined)
        await fetchHistory(ctx, symbol);
    },
    async setBookGrouping(grouping) {
      reader.grouping = grouping;
      frames.markBook(true);
      await settled;
    },
    async setBookWindow(window) {
      reader.window = { ...window };
      frames.markBook(true);
      await settled;
    },
    async setBookRate(rate) {
      frames.setBookRate(rate);
      await settled;
    },
    async setBookOwner(owner) {
      reader.owner = owner === 'lever' ? 'lever' : 'spot';
      frames.markBook(true);
      await settled;
    },
    async watchDepth(on) {
      reader.depthOn = on === true;
      frames.setDepth(reader.depthOn);
      await settled;
    },
  };
}
