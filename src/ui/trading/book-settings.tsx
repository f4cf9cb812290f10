// Controls of the book header: which sides to show, the price grouping (× 1, 10, 100, 1000 of
// the tick, and larger steps for high-priced pairs: book-math.ts `groupingOptions`) and a
// settings popover with the update rate and the reduced-motion switch.
import type { BookGrouping, BookRate } from '../../engine/api.ts';
import type { BookLayout } from '../../shared/workspace.ts';
import { Popover } from '../components/popover.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { RATES, groupingLabel } from './paint/book-math.ts';

const LAYOUTS: readonly { id: BookLayout; label: MessageId }[] = [
  { id: 'both', label: 'spot.book.viewBoth' },
  { id: 'bids', label: 'spot.book.viewBids' },
  { id: 'asks', label: 'spot.book.viewAsks' },
];
const RATE_LABEL: Record<string, MessageId> = {
  frame: 'spot.book.rateFrame',
  '250': 'spot.book.rate250',
  '1000': 'spot.book.rate1000',
};

interface BookSettingsProps {
  pricePrecision: number;
  /** The groupings this pair offers. */
  groupings: readonly BookGrouping[];
  grouping: BookGrouping;
  onGrouping: (g: BookGrouping) => void;
  rate: BookRate;
  onRate: (r: BookRate) => void;
  reducedMotion: boolean;
  onReducedMotion: (on: boolean) => void;
  layout: BookLayout;
  onLayout: (l: BookLayout) => void;
}

export function BookSettings(p: BookSettingsProps) {
  const { t, fmt } = useI18n();
  return (
    <div className="book__tools">
      <div className="book__layouts" role="group" aria-label={t('spot.book.view')}>
        {LAYOUTS.map((l) => (
          <button
            key={l.id}
            type="button"
            className={`book__layout ${p.layout === l.id ? 'is-active' : ''}`}
            aria-pressed={p.layout === l.id}
            aria-label={t(l.label)}
            title={t(l.label)}
            onClick={() => p.onLayout(l.id)}
          >
            <LayoutIcon layout={l.id} />
          </button>
        ))}
      </div>
      <select
        className="spot-select"
        value={p.grouping}
        aria-label={t('spot.book.grouping')}
        data-testid="book-grouping"
        onChange={(e) => p.onGrouping(Number(e.target.value) as BookGrouping)}
      >
        {p.groupings.map((g) => (
          <option key={g} value={g}>
            {groupingLabel(p.pricePrecision, g, fmt)}
          </option>
        ))}
      </select>
      <Popover
        className="book__settings"
        label={<GearIcon />}
        ariaLabel={t('spot.book.settings')}
        testId="book-settings"
      >
        {() => (
          <div className="book__prefs">
            <fieldset className="book__rates">
              <legend>{t('spot.book.rate')}</legend>
              {RATES.map((r) => (
                <label key={String(r)} className="check__label">
                  <input
                    type="radio"
                    name="book-rate"
                    checked={p.rate === r}
                    onChange={() => p.onRate(r)}
                  />
                  {t(RATE_LABEL[String(r)] ?? 'spot.book.rateFrame')}
                </label>
              ))}
            </fieldset>
            <label className="check__label">
              <input
                type="checkbox"
                checked={p.reducedMotion}
                data-testid="reduced-motion"
                onChange={(e) => p.onReducedMotion(e.target.checked)}
              />
              {t('spot.book.reducedMotion')}
            </label>
          </div>
        )}
      </Popover>
    </div>
  );
}

function LayoutIcon({ layout }: { layout: BookLayout }) {
  const ask = 'var(--down)';
  const bid = 'var(--up)';
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      {layout !== 'bids' && (
        <rect x="1" y="1" width="5" height={layout === 'asks' ? 12 : 5} fill={ask} />
      )}
      {layout !== 'asks' && (
        <rect
          x="1"
          y={layout === 'bids' ? 1 : 8}
          width="5"
          height={layout === 'bids' ? 12 : 5}
          fill={bid}
        />
      )}
      <rect x="8" y="1" width="5" height="2" fill="currentColor" />
      <rect x="8" y="6" width="5" height="2" fill="currentColor" />
      <rect x="8" y="11" width="5" height="2" fill="currentColor" />
    </svg>
  );
}

function GearIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.4-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3.3h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.4L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.4 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.4zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z"
        transform="translate(-1 0)"
      />
    </svg>
  );
}
