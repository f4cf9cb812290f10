// A limit order's options on the ticket (issue 44, ADR 0054): post-only, and the time in force
// (good till cancelled, immediate or cancel, fill or kill). Post-only rests in the book, so it
// goes with good till cancelled only: checking it sets the time in force to GTC and holds it.
// What the choice means is said to a screen reader (the controls' description) and on hover: a
// visible line would grow the ticket and squeeze the chart above it (a two-line Russian hint left
// the chart 160 px at 1440 × 900).
import { useId } from 'react';
import type { SpotTif } from '../../engine/api.ts';
import type { SpotSide } from '../../shared/spot.ts';
import { useI18n } from '../i18n/i18n-context.tsx';

export interface LimitOptions {
  tif: SpotTif;
  postOnly: boolean;
}

export const DEFAULT_OPTIONS: LimitOptions = { tif: 'gtc', postOnly: false };

const TIFS: readonly SpotTif[] = ['gtc', 'ioc', 'fok'];

const LABEL = {
  gtc: 'spot.opts.gtc.symbol',
  ioc: 'spot.opts.ioc.symbol',
  fok: 'spot.opts.fok.symbol',
} as const;

const HINT = {
  gtc: 'spot.opts.hint.gtc',
  ioc: 'spot.opts.hint.ioc',
  fok: 'spot.opts.hint.fok',
} as const;

/** " (IOC)", " (Post only)" or nothing: a limit order's flags after its description. */
export function flagsText(o: LimitOptions, t: ReturnType<typeof useI18n>['t']): string {
  if (o.postOnly) return ` (${t('spot.opts.postOnly')})`;
  return o.tif === 'gtc' ? '' : ` (${t(LABEL[o.tif])})`;
}

export function OrderOptions(p: {
  side: SpotSide;
  value: LimitOptions;
  onChange: (next: LimitOptions) => void;
}) {
  const { t } = useI18n();
  const hintId = useId();
  const { tif, postOnly } = p.value;
  const hint = postOnly ? t('spot.opts.hint.postOnly') : tif === 'gtc' ? null : t(HINT[tif]);
  return (
    <div className="order-opts">
      <div className="order-opts__row">
        <label className="order-opts__check" title={t('spot.opts.hint.postOnly')}>
          <input
            type="checkbox"
            checked={postOnly}
            data-testid={`${p.side}-post-only`}
            aria-describedby={hint === null ? undefined : hintId}
            onChange={(e) => p.onChange({ tif: 'gtc', postOnly: e.currentTarget.checked })}
          />
          {t('spot.opts.postOnly')}
        </label>
        <select
          className="spot-select order-opts__tif"
          value={tif}
          disabled={postOnly}
          aria-label={t('spot.opts.tif')}
          title={t(HINT[tif])}
          data-testid={`${p.side}-tif`}
          aria-describedby={hint === null ? undefined : hintId}
          onChange={(e) => p.onChange({ tif: e.currentTarget.value as SpotTif, postOnly: false })}
        >
          {TIFS.map((v) => (
            <option key={v} value={v}>
              {t(LABEL[v])}
            </option>
          ))}
        </select>
      </div>
      {hint !== null && (
        <p id={hintId} className="visually-hidden" data-testid={`${p.side}-opts-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
