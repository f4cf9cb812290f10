// One contract template in the hotkey settings (issue 44, ADR 0066): its key, side, what it places
// (market, limit, stop limit, stop market), its price as ticks from the mark (a limit price or a
// trigger), a stop-limit's limit ticks from its trigger, the hands and the multiple. Edited as
// typed; checked on save with the words of each field.
import {
  HANDS_MAX,
  leverTemplate,
  LEVER_TEMPLATE_ORDERS,
  type LeverTemplate,
  type LeverTemplateOrder,
} from '../../shared/lever-templates.ts';
import { isHotkey } from '../../shared/workspace.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { Cell, KeyButton, NumberCell } from './key-button.tsx';

const ORDER_LABEL: Record<LeverTemplateOrder, MessageId> = {
  market: 'lever.form.market',
  limit: 'lever.form.limit',
  'stop-limit': 'lever.trigger.stopLimit',
  'stop-market': 'lever.trigger.stopMarket',
};

/** A contract template as edited: its numbers as typed. */
export type LeverDraft = Pick<LeverTemplate, 'key' | 'side' | 'order'> & {
  ticks: string;
  limitTicks: string;
  hands: string;
  multiple: string;
};

export const leverDraftOf = (x: LeverTemplate): LeverDraft => ({
  ...x,
  ticks: String(x.ticks),
  limitTicks: String(x.limitTicks),
  hands: String(x.hands),
  multiple: String(x.multiple),
});

export const emptyLeverDraft = (): LeverDraft => ({
  key: '',
  side: 'long',
  order: 'market',
  ticks: '0',
  limitTicks: '0',
  hands: '1',
  multiple: '10',
});

const asNumber = (v: string): number | null => (/^[+-]?\d{1,9}$/.test(v) ? Number(v) : null);

/** The template a draft makes, or null when a field is out of its bounds. */
export function leverTemplateOf(x: LeverDraft): LeverTemplate | null {
  return leverTemplate(
    {
      ...x,
      ticks: x.order === 'market' ? 0 : asNumber(x.ticks),
      limitTicks: x.order === 'stop-limit' ? asNumber(x.limitTicks) : 0,
      hands: asNumber(x.hands),
      multiple: asNumber(x.multiple),
    },
    isHotkey,
  );
}

/** What is wrong with a draft beyond its key, in the reader's words. */
export function leverDraftProblems(
  x: LeverDraft,
  name: string,
  t: ReturnType<typeof useI18n>['t'],
): string[] {
  if (x.key === '' || leverTemplateOf({ ...x, key: 'F1' }) !== null) return [];
  return [t('hotkeys.lever.error', { name, max: HANDS_MAX })];
}

export function LeverTemplateRow(p: {
  draft: LeverDraft;
  index: number;
  onChange: (next: LeverDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const x = p.draft;
  const set = (patch: Partial<LeverDraft>) => p.onChange({ ...x, ...patch });
  const name = t('hotkeys.lever.name', { n: p.index + 1 });
  return (
    <li className="hotkeys__template hotkeys__template--lever" data-lever-template={p.index}>
      <div className="hotkeys__cell">
        <span className="hotkeys__name" aria-hidden="true">
          {name}
        </span>
        <KeyButton value={x.key} what={name} onKey={(key) => set({ key })} />
      </div>
      <Cell caption={t('hotkeys.template.side')} own>
        <select
          className="hotkeys__control"
          value={x.side}
          onChange={(e) => set({ side: e.target.value === 'short' ? 'short' : 'long' })}
          data-field="side"
        >
          <option value="long">{t('lever.positions.long')}</option>
          <option value="short">{t('lever.positions.short')}</option>
        </select>
      </Cell>
      <Cell caption={t('hotkeys.template.order')} own>
        <select
          className="hotkeys__control"
          value={x.order}
          onChange={(e) =>
            set({ order: LEVER_TEMPLATE_ORDERS.find((o) => o === e.target.value) ?? 'market' })
          }
          data-field="order"
        >
          {LEVER_TEMPLATE_ORDERS.map((o) => (
            <option key={o} value={o}>
              {t(ORDER_LABEL[o])}
            </option>
          ))}
        </select>
      </Cell>
      {x.order !== 'market' && (
        <NumberCell
          mode="numeric"
          caption={t(
            x.order === 'limit' ? 'hotkeys.lever.priceTicks' : 'hotkeys.lever.triggerTicks',
          )}
          value={x.ticks}
          onValue={(ticks) => set({ ticks })}
          field="ticks"
        />
      )}
      {x.order === 'stop-limit' && (
        <NumberCell
          mode="numeric"
          caption={t('hotkeys.template.limitTicks')}
          value={x.limitTicks}
          onValue={(limitTicks) => set({ limitTicks })}
          field="limitTicks"
        />
      )}
      <NumberCell
        mode="numeric"
        caption={t('lever.form.hands')}
        value={x.hands}
        onValue={(hands) => set({ hands })}
        field="hands"
      />
      <NumberCell
        mode="numeric"
        caption={t('lever.form.multiple')}
        value={x.multiple}
        onValue={(multiple) => set({ multiple })}
        field="multiple"
      />
      <button
        type="button"
        className="hotkeys__remove"
        onClick={p.onRemove}
        aria-label={t('hotkeys.template.remove', { name })}
      >
        {t('hotkeys.template.removeShort')}
      </button>
    </li>
  );
}
