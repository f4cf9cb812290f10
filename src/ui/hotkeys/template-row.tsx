// One order template in the hotkey settings (issues 24 and 44): its key, side, size, price as
// ticks from a reference, and what it places — a limit order with its time in force, a
// conditional order (limit ticks from the trigger, or market), or a scale order (count, span in
// ticks, size skew) — edited as typed and checked on save.
import {
  DEFAULT_SCALE,
  PRICE_REFERENCES,
  TEMPLATE_ORDERS,
  templateScale,
  ticksValid,
  TICKS_MAX,
  type OrderTemplate,
  type TemplateOrderKind,
} from '../../shared/workspace.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { Cell, KeyButton, NumberCell } from './key-button.tsx';

const FROM_LABEL: Record<OrderTemplate['price']['from'], MessageId> = {
  bid: 'hotkeys.from.bid',
  ask: 'hotkeys.from.ask',
  mid: 'hotkeys.from.mid',
  last: 'hotkeys.from.last',
};

const ORDER_LABEL: Record<TemplateOrderKind, MessageId> = {
  limit: 'hotkeys.order.limit',
  'trigger-limit': 'hotkeys.order.triggerLimit',
  'trigger-market': 'hotkeys.order.triggerMarket',
  scale: 'hotkeys.order.scale',
};

/** A template as edited: its numbers as typed. */
export type Draft = Omit<OrderTemplate, 'price' | 'limitTicks' | 'scale'> & {
  price: { from: OrderTemplate['price']['from']; ticks: string };
  limitTicks: string;
  scale: { count: string; spanTicks: string; skew: string };
};

export function draftOf(x: OrderTemplate): Draft {
  return {
    ...x,
    price: { ...x.price, ticks: String(x.price.ticks) },
    limitTicks: String(x.limitTicks),
    scale: {
      count: String(x.scale.count),
      spanTicks: String(x.scale.spanTicks),
      skew: x.scale.skew,
    },
  };
}

/** A draft that passed the checks, as the workspace keeps it. */
export function templateOf(x: Draft): OrderTemplate {
  return {
    ...x,
    price: { ...x.price, ticks: Number(x.price.ticks) },
    limitTicks: Number(x.limitTicks),
    scale: {
      count: Number(x.scale.count),
      spanTicks: Number(x.scale.spanTicks),
      skew: x.scale.skew,
    },
  };
}

const whole = (v: string): boolean => /^[+-]?\d+$/.test(v);

/** What is wrong with what the template places (its limit ticks, its scale), in words. */
export function shapeProblems(
  x: Draft,
  name: string,
  t: ReturnType<typeof useI18n>['t'],
): string[] {
  const out: string[] = [];
  if (x.order === 'trigger-limit' && !(whole(x.limitTicks) && ticksValid(Number(x.limitTicks))))
    out.push(t('hotkeys.error.ticks', { name, max: TICKS_MAX }));
  if (x.order !== 'scale') return out;
  const s = x.scale;
  const shape =
    whole(s.count) && whole(s.spanTicks)
      ? templateScale({ count: Number(s.count), spanTicks: Number(s.spanTicks), skew: s.skew })
      : null;
  if (shape === null) out.push(t('hotkeys.error.scale', { name, max: TICKS_MAX }));
  return out;
}

/** The cells of what the template places beyond a limit order: limit ticks, or the scale. */
function OrderCells({ draft: x, onChange }: { draft: Draft; onChange: (next: Draft) => void }) {
  const { t } = useI18n();
  const scale = (patch: Partial<Draft['scale']>) =>
    onChange({ ...x, scale: { ...x.scale, ...patch } });
  if (x.order === 'trigger-limit')
    return (
      <NumberCell
        caption={t('hotkeys.template.limitTicks')}
        mode="numeric"
        value={x.limitTicks}
        onValue={(v) => onChange({ ...x, limitTicks: v })}
        field="limitTicks"
      />
    );
  if (x.order !== 'scale') return null;
  return (
    <>
      <NumberCell
        caption={t('hotkeys.template.count')}
        mode="numeric"
        value={x.scale.count}
        onValue={(v) => scale({ count: v })}
        field="count"
      />
      <NumberCell
        caption={t('hotkeys.template.span')}
        mode="numeric"
        value={x.scale.spanTicks}
        onValue={(v) => scale({ spanTicks: v })}
        field="spanTicks"
      />
      <NumberCell
        caption={t('spot.scale.skew')}
        mode="decimal"
        value={x.scale.skew}
        onValue={(v) => scale({ skew: v })}
        field="skew"
      />
    </>
  );
}

/** What the template places. */
function OrderCell({ draft: x, onChange }: { draft: Draft; onChange: (next: Draft) => void }) {
  const { t } = useI18n();
  return (
    <Cell caption={t('hotkeys.template.order')}>
      <select
        className="hotkeys__control"
        value={x.order}
        onChange={(e) =>
          onChange({
            ...x,
            order: TEMPLATE_ORDERS.find((o) => o === e.target.value) ?? 'limit',
          })
        }
        data-field="order"
      >
        {TEMPLATE_ORDERS.map((o) => (
          <option key={o} value={o}>
            {t(ORDER_LABEL[o])}
          </option>
        ))}
      </select>
    </Cell>
  );
}

/** A template's time in force and post-only, as one choice. */
const TIF_CHOICES = ['gtc', 'ioc', 'fok', 'post'] as const;
type TifChoice = (typeof TIF_CHOICES)[number];
const TIF_CHOICE: Record<TifChoice, Pick<OrderTemplate, 'tif' | 'postOnly'>> = {
  gtc: { tif: 'gtc', postOnly: false },
  ioc: { tif: 'ioc', postOnly: false },
  fok: { tif: 'fok', postOnly: false },
  post: { tif: 'gtc', postOnly: true },
};
const TIF_LABEL: Record<TifChoice, MessageId> = {
  gtc: 'spot.opts.gtc.symbol',
  ioc: 'spot.opts.ioc.symbol',
  fok: 'spot.opts.fok.symbol',
  post: 'spot.opts.postOnly',
};

export function emptyTemplate(): Draft {
  return draftOf({
    key: '',
    side: 'buy',
    price: { from: 'bid', ticks: 0 },
    size: { kind: 'amount', value: '' },
    tif: 'gtc',
    postOnly: false,
    order: 'limit',
    limitTicks: 0,
    scale: DEFAULT_SCALE,
  });
}

interface TemplateRowProps {
  draft: Draft;
  base: string;
  index: number;
  onChange: (next: Draft) => void;
  onRemove: () => void;
}

export function TemplateRow({ draft: x, base, index, onChange, onRemove }: TemplateRowProps) {
  const { t } = useI18n();
  const name = t('hotkeys.template.name', { n: index + 1 });
  return (
    <li className="hotkeys__template" data-template={index}>
      <div className="hotkeys__cell">
        <span className="hotkeys__name" aria-hidden="true">
          {name}
        </span>
        <KeyButton value={x.key} what={name} onKey={(key) => onChange({ ...x, key })} />
      </div>
      <Cell caption={t('hotkeys.template.side')}>
        <select
          className="hotkeys__control"
          value={x.side}
          onChange={(e) => onChange({ ...x, side: e.target.value === 'sell' ? 'sell' : 'buy' })}
          data-field="side"
        >
          <option value="buy">{t('hotkeys.side.buy')}</option>
          <option value="sell">{t('hotkeys.side.sell')}</option>
        </select>
      </Cell>
      <Cell caption={t('hotkeys.template.value')}>
        <input
          className="hotkeys__control hotkeys__number"
          inputMode="decimal"
          value={x.size.value}
          onChange={(e) => onChange({ ...x, size: { ...x.size, value: e.target.value.trim() } })}
          data-field="value"
        />
      </Cell>
      <Cell caption={t('hotkeys.template.size')}>
        <select
          className="hotkeys__control"
          value={x.size.kind}
          onChange={(e) =>
            onChange({
              ...x,
              size: { ...x.size, kind: e.target.value === 'percent' ? 'percent' : 'amount' },
            })
          }
          data-field="kind"
        >
          <option value="amount">{base}</option>
          <option value="percent">{t('hotkeys.template.percent')}</option>
        </select>
      </Cell>
      <Cell caption={t('hotkeys.template.from')}>
        <select
          className="hotkeys__control"
          value={x.price.from}
          onChange={(e) =>
            onChange({
              ...x,
              price: {
                ...x.price,
                from: PRICE_REFERENCES.find((r) => r === e.target.value) ?? 'bid',
              },
            })
          }
          data-field="from"
        >
          {PRICE_REFERENCES.map((r) => (
            <option key={r} value={r}>
              {t(FROM_LABEL[r])}
            </option>
          ))}
        </select>
      </Cell>
      <Cell caption={t('hotkeys.template.ticks')}>
        <input
          className="hotkeys__control hotkeys__number"
          inputMode="numeric"
          value={x.price.ticks}
          onChange={(e) => onChange({ ...x, price: { ...x.price, ticks: e.target.value.trim() } })}
          data-field="ticks"
        />
      </Cell>
      <OrderCell draft={x} onChange={onChange} />
      <OrderCells draft={x} onChange={onChange} />
      {x.order === 'limit' && (
        <Cell caption={t('spot.opts.tif')}>
          <select
            className="hotkeys__control"
            value={x.postOnly ? 'post' : x.tif}
            onChange={(e) => onChange({ ...x, ...TIF_CHOICE[e.target.value as TifChoice] })}
            data-field="tif"
          >
            {TIF_CHOICES.map((c) => (
              <option key={c} value={c}>
                {t(TIF_LABEL[c])}
              </option>
            ))}
          </select>
        </Cell>
      )}
      <button
        type="button"
        className="hotkeys__remove"
        onClick={onRemove}
        aria-label={t('hotkeys.template.remove', { name })}
      >
        {t('hotkeys.template.removeShort')}
      </button>
    </li>
  );
}
