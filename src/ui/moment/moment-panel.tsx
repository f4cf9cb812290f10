// "At this moment" (issue 47, ADR 0079): a panel docked at the window's right edge (a sheet on
// a phone) that shows the watched pair's book, tape, chart and the user's open orders as the
// engine folded them at one event of its own log, with a scrubber over the two minutes either
// side. Clearly the past: a hatched band that says so, the time to the millisecond and how far
// it is from the moment, nothing in it acts on the exchange. The order pointed out (a fill's)
// is highlighted in the book while it rests. Escape or Close gives the focus back to what
// opened it. Everything is read from the local log: it works offline.
import { useEffect, useRef } from 'react';
import type { MomentView } from '../../engine/api.ts';
import { closeMoment, moment, seekMoment } from '../engine-bridge/moment-bridge.ts';
import type { OpenMoment } from '../engine-bridge/moment-bridge.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { MomentBook, MomentContracts, MomentOrders, MomentTrades } from './moment-tables.tsx';
import { drawMomentChart } from './moment-chart.ts';
import '../styles/moment.css';

const FAILURE_TEXT: Record<NonNullable<OpenMoment['failure']>, MessageId> = {
  'not-held': 'moment.failure.notHeld',
  'other-login': 'moment.failure.otherLogin',
  replay: 'moment.failure.replay',
  failed: 'moment.failure.failed',
};

export function MomentPanel() {
  const open = useSignalValue(moment);
  if (open === null) return null;
  return <Panel open={open} />;
}

function Panel({ open }: { open: OpenMoment }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Escape closes it wherever the focus is, unless a dialog or a menu takes the key first
  useEffect(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('dialog:modal') !== null) return;
      closeMoment();
    };
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, []);
  const v = open.view;
  return (
    <aside
      className="moment"
      data-testid="moment-panel"
      aria-labelledby="moment-title"
      data-seq={v?.seq}
      data-index={v?.index}
      data-book-hash={v?.bookHash}
    >
      <header className="moment__head">
        <h2 id="moment-title" className="moment__title" ref={heading} tabIndex={-1}>
          {t('moment.title')}
        </h2>
        <span className="moment__past">{t('moment.past')}</span>
        <button
          type="button"
          className="btn btn--ghost btn--sm moment__close"
          data-testid="moment-close"
          onClick={closeMoment}
        >
          {t('moment.close')}
        </button>
      </header>
      {v === null ? (
        <p className="moment__note" role="status">
          {open.failure === null ? t('moment.loading') : t(FAILURE_TEXT[open.failure])}
        </p>
      ) : (
        <Body v={v} />
      )}
    </aside>
  );
}

function Body({ v }: { v: MomentView }) {
  const { t, fmt } = useI18n();
  const offset = Math.round((v.time - v.at) / 100) / 10;
  const seconds = `${offset > 0 ? '+' : ''}${fmt.fixed(String(offset), 1)}`;
  return (
    <div className="moment__body">
      <p className="moment__when" aria-live="polite" data-testid="moment-when" data-event={v.event}>
        <strong>{clockOf(v.time, fmt.time)}</strong>{' '}
        <span className="muted">{t('moment.offset', { seconds })}</span>
      </p>
      <Scrubber v={v} />
      {v.focus !== null && (
        <p className="moment__focus" data-resting={v.focus.resting}>
          {v.focus.resting
            ? t('moment.focus.resting', { price: fmt.fixed(v.focus.price, v.pricePrecision) })
            : t('moment.focus.gone')}
        </p>
      )}
      <div className="moment__grid">
        <section aria-label={t('moment.book')} className="moment__section">
          <h3 className="moment__h">
            {t('moment.book')} {v.symbol ?? ''}
          </h3>
          <MomentBook v={v} />
        </section>
        <section aria-label={t('moment.trades')} className="moment__section">
          <h3 className="moment__h">{t('moment.trades')}</h3>
          <MomentTrades v={v} />
        </section>
      </div>
      <section aria-label={t('moment.chart')} className="moment__section">
        <h3 className="moment__h">{t('moment.chart')}</h3>
        <Chart v={v} />
      </section>
      <section aria-label={t('moment.orders')} className="moment__section">
        <h3 className="moment__h">{t('moment.orders')}</h3>
        <MomentOrders v={v} />
      </section>
      {v.contracts.holding.length + v.contracts.entrusts.length > 0 && (
        <section aria-label={t('moment.contracts')} className="moment__section">
          <h3 className="moment__h">{t('moment.contracts')}</h3>
          <MomentContracts v={v} />
        </section>
      )}
    </div>
  );
}

/** The time to the millisecond: a fill and the book around it are apart by less than a second. */
function clockOf(ms: number, time: (ms: number) => string): string {
  return `${time(ms)}.${String(ms % 1000).padStart(3, '0')}`;
}

function Scrubber({ v }: { v: MomentView }) {
  const { t, fmt } = useI18n();
  return (
    <div className="moment__scrub">
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-disabled={v.index === 0}
        onClick={() => void seekMoment(v.index - 1)}
      >
        {t('moment.previous')}
      </button>
      <input
        type="range"
        className="moment__range"
        data-testid="moment-scrubber"
        aria-label={t('moment.scrubber')}
        aria-valuetext={`${clockOf(v.time, fmt.time)}, ${v.event}`}
        min={0}
        max={Math.max(0, v.count - 1)}
        step={1}
        value={v.index}
        onChange={(e) => void seekMoment(Number(e.currentTarget.value))}
      />
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        aria-disabled={v.index >= v.count - 1}
        onClick={() => void seekMoment(v.index + 1)}
      >
        {t('moment.next')}
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        data-testid="moment-home"
        aria-disabled={v.index === v.home}
        onClick={() => void seekMoment(v.home)}
      >
        {t('moment.home')}
      </button>
    </div>
  );
}

function Chart({ v }: { v: MomentView }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = canvas.current;
    if (c !== null) drawMomentChart(c, { bars: v.bars, time: v.time, focus: v.focus });
  }, [v]);
  return (
    <canvas
      ref={canvas}
      className="moment__chart"
      data-testid="moment-chart"
      role="img"
      aria-label={t('moment.chartLabel', { count: v.bars.length })}
    />
  );
}
