// The menu a right click, a long press or the context-menu key opens on the chart (issue 46):
// a buy or sell limit order, or a buy or sell stop, at the price pointed at. A choice opens the
// screen's ticket with the order at that price; the ticket checks it as any order typed there.
// The last item opens "at this moment" at the bar pointed at (issue 47).
// Arrows move between the items, Escape or a press outside closes it.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import type { OfferAt } from './chart-line-input.ts';
import type { OfferKind } from './chart-trading.ts';

type Item = { side: 'buy' | 'sell'; kind: OfferKind; label: MessageId };
const ITEMS: Record<'spot' | 'lever', readonly Item[]> = {
  spot: [
    { side: 'buy', kind: 'limit', label: 'chart.offer.buyLimit' },
    { side: 'sell', kind: 'limit', label: 'chart.offer.sellLimit' },
    { side: 'buy', kind: 'stop', label: 'chart.offer.buyStop' },
    { side: 'sell', kind: 'stop', label: 'chart.offer.sellStop' },
  ],
  // contracts: long is the buy side, short the sell side
  lever: [
    { side: 'buy', kind: 'limit', label: 'chart.offer.longLimit' },
    { side: 'sell', kind: 'limit', label: 'chart.offer.shortLimit' },
    { side: 'buy', kind: 'stop', label: 'chart.offer.longStop' },
    { side: 'sell', kind: 'stop', label: 'chart.offer.shortStop' },
  ],
};

const MENU_WIDTH = 220;
const MENU_HEIGHT = 214;

export function ChartOfferMenu(p: {
  at: OfferAt;
  priceText: string;
  sides: 'spot' | 'lever';
  /** The chart's size (CSS px). */
  bounds: { width: number; height: number };
  onChoose: (side: 'buy' | 'sell', kind: OfferKind) => void;
  /** "At this moment" at the bar pointed at (issue 47), when there is one. */
  onMoment?: (() => void) | undefined;
  onClose: () => void;
}) {
  const { t, fmt } = useI18n();
  const menu = useRef<HTMLDivElement>(null);
  const { onClose } = p;
  // the screen re-renders on every push: the focus goes to the first item once, when the menu
  // opens, not back to it on each render while the arrows move it
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const outside = (e: PointerEvent): void => {
      if (menu.current !== null && !menu.current.contains(e.target as Node)) close.current();
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, []);

  const keys = (e: KeyboardEvent): void => {
    const items = [
      ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      e.preventDefault();
      items[(at + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      onClose();
    }
  };

  // kept inside the chart: the menu opens left of or above the point when there is no room
  const { width, height } = p.bounds;
  const left = p.at.x + MENU_WIDTH > width ? Math.max(0, p.at.x - MENU_WIDTH) : p.at.x;
  const top = p.at.y + MENU_HEIGHT > height ? Math.max(0, p.at.y - MENU_HEIGHT) : p.at.y;
  return (
    <div
      ref={menu}
      className="chart-offer"
      role="menu"
      aria-label={t('chart.offer.title', { price: p.priceText })}
      data-testid="chart-offer"
      data-price={p.at.price}
      style={{ left, top }}
      onKeyDown={keys}
    >
      <p className="chart-offer__title" aria-hidden="true">
        {t('chart.offer.title', { price: p.priceText })}
      </p>
      {ITEMS[p.sides].map((i) => (
        <button
          key={`${i.side}-${i.kind}`}
          type="button"
          role="menuitem"
          className={`chart-offer__item chart-offer__item--${i.side}`}
          data-offer={`${i.side}-${i.kind}`}
          onClick={() => p.onChoose(i.side, i.kind)}
        >
          {t(i.label, { price: p.priceText })}
        </button>
      ))}
      {p.onMoment !== undefined && p.at.time !== null && (
        <button
          type="button"
          role="menuitem"
          className="chart-offer__item"
          data-offer="moment"
          onClick={p.onMoment}
        >
          {t('chart.offer.moment', { time: fmt.dateTime(p.at.time) })}
        </button>
      )}
    </div>
  );
}
