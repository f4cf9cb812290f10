// The hotkey settings (issue 24): on or off, whether each hotkey order or cancel asks first, a
// key for each action, and up to TEMPLATES_MAX order templates (key, side, size as an amount or
// a share of what is available, price as ticks from the best bid, the best ask, their mid or the
// last trade, time in force or post-only). Edited as a draft; Save checks it (keys given once, ticks and sizes in bounds)
// and keeps it in the workspace, Cancel forgets it. A key is set by pressing it on its button.
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  HOTKEY_ACTIONS,
  parseWorkspace,
  PRICE_REFERENCES,
  sizeValid,
  TEMPLATES_MAX,
  TICKS_MAX,
  type HotkeyAction,
  type HotkeySettings as Settings,
  type OrderTemplate,
} from '../../shared/workspace.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import type { MessageId } from '../i18n/i18n.ts';
import { DialogFooter, Modal } from '../kit/modal.tsx';
import { toast } from '../toast/toast.ts';
import { updateWorkspace, workspace } from '../workspace.ts';
import { ACTION_LABEL } from './template-text.ts';
import { keyLabel, keyName } from './keys.ts';

/** `?` as the hotkeys name it: it opens the key sheet and is given to nothing else. */
const RESERVED = 'Shift+/';

const FROM_LABEL: Record<OrderTemplate['price']['from'], MessageId> = {
  bid: 'hotkeys.from.bid',
  ask: 'hotkeys.from.ask',
  mid: 'hotkeys.from.mid',
  last: 'hotkeys.from.last',
};

/** A template as edited: ticks as typed. */
type Draft = Omit<OrderTemplate, 'price'> & {
  price: { from: OrderTemplate['price']['from']; ticks: string };
};

export function HotkeySettings({ base, onClose }: { base: string; onClose: () => void }) {
  const { t } = useI18n();
  const start = workspace.peek().hotkeys;
  const [enabled, setEnabled] = useState(start.enabled);
  const [confirm, setConfirm] = useState(start.confirm);
  const [keys, setKeys] = useState<Record<HotkeyAction, string>>({ ...start.keys });
  const [templates, setTemplates] = useState<Draft[]>(() =>
    start.templates.map((x) => ({ ...x, price: { ...x.price, ticks: String(x.price.ticks) } })),
  );
  const [errors, setErrors] = useState<string[]>([]);

  const setTemplate = (i: number, next: Draft): void =>
    setTemplates((list) => list.map((x, j) => (j === i ? next : x)));

  const save = (): void => {
    const found = problems(keys, templates, t);
    setErrors(found);
    if (found.length > 0) return;
    const next: Settings = {
      enabled,
      confirm,
      keys,
      templates: templates.map((x) => ({
        ...x,
        price: { ...x.price, ticks: Number(x.price.ticks) },
      })),
    };
    updateWorkspace((w) => parseWorkspace({ ...w, hotkeys: next }));
    toast.success(t('hotkeys.saved'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('hotkeys.settings')}
      onClose={onClose}
      testId="hotkey-settings"
      size="form"
      className="hotkeys hotkeys--settings"
      closeButton={false}
      onSubmit={save}
    >
      <label className="check__label">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          data-testid="hotkeys-enabled"
        />
        {t('hotkeys.enabled')}
      </label>
      <label className="check__label">
        <input
          type="checkbox"
          checked={confirm}
          onChange={(e) => setConfirm(e.target.checked)}
          data-testid="hotkeys-confirm"
        />
        {t('hotkeys.confirm')}
      </label>
      <table className="hotkeys__table">
        <tbody>
          {HOTKEY_ACTIONS.map((a) => (
            <tr key={a}>
              <th scope="row">{t(ACTION_LABEL[a])}</th>
              <td>
                <KeyButton
                  value={keys[a]}
                  what={t(ACTION_LABEL[a])}
                  onKey={(k) => setKeys((ks) => ({ ...ks, [a]: k }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="hotkeys__subtitle">{t('hotkeys.templates')}</h3>
      <ul className="hotkeys__templates">
        {templates.map((x, i) => (
          <TemplateRow
            key={i}
            draft={x}
            base={base}
            index={i}
            onChange={(next) => setTemplate(i, next)}
            onRemove={() => setTemplates((list) => list.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      {templates.length < TEMPLATES_MAX && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setTemplates((list) => [...list, emptyTemplate()])}
          data-testid="template-add"
        >
          {t('hotkeys.template.add')}
        </button>
      )}
      {errors.length > 0 && (
        <ul className="form-error hotkeys__errors" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <DialogFooter
        cancelLabel={t('spot.cancel.dismiss')}
        onCancel={onClose}
        submitLabel={t('hotkeys.save')}
        submitTestId="hotkeys-save"
      />
    </Modal>
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

function emptyTemplate(): Draft {
  return {
    key: '',
    side: 'buy',
    price: { from: 'bid', ticks: '0' },
    size: { kind: 'amount', value: '' },
    tif: 'gtc',
    postOnly: false,
  };
}

interface TemplateRowProps {
  draft: Draft;
  base: string;
  index: number;
  onChange: (next: Draft) => void;
  onRemove: () => void;
}

function TemplateRow({ draft: x, base, index, onChange, onRemove }: TemplateRowProps) {
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

/** A field with its caption above it (the caption names the field for screen readers too). */
function Cell({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <label className="hotkeys__cell">
      <span className="hotkeys__caption">{caption}</span>
      {children}
    </label>
  );
}

/** A key, set by pressing it while the button has focus; Backspace or Delete takes it away. */
function KeyButton({
  value,
  what,
  onKey,
}: {
  value: string;
  what: string;
  onKey: (key: string) => void;
}) {
  const { t } = useI18n();
  const [listening, setListening] = useState(false);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>): void => {
    if (!listening) return;
    if (e.key === 'Tab') return;
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape') return setListening(false);
    if (e.key === 'Backspace' || e.key === 'Delete') {
      onKey('');
      return setListening(false);
    }
    const name = keyName(e.nativeEvent);
    if (name === null) return;
    onKey(name);
    setListening(false);
  };
  return (
    <button
      type="button"
      className={`hotkeys__key${listening ? ' is-listening' : ''}`}
      aria-label={t('hotkeys.key.change', {
        what,
        key: value === '' ? t('hotkeys.key.none') : keyLabel(value),
      })}
      onClick={() => setListening(true)}
      onBlur={() => setListening(false)}
      onKeyDown={onKeyDown}
      data-key={value}
    >
      {listening ? t('hotkeys.key.press') : value === '' ? t('hotkeys.key.none') : keyLabel(value)}
    </button>
  );
}

/** What is wrong with a draft, in the reader's words (empty: nothing). */
function problems(
  keys: Record<HotkeyAction, string>,
  templates: readonly Draft[],
  t: ReturnType<typeof useI18n>['t'],
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const all = [...Object.values(keys), ...templates.map((x) => x.key)].filter((k) => k !== '');
  for (const k of all) {
    if (k === RESERVED) out.push(t('hotkeys.error.reserved'));
    else if (seen.has(k)) out.push(t('hotkeys.error.duplicate', { key: keyLabel(k) }));
    seen.add(k);
  }
  templates.forEach((x, i) => {
    const name = t('hotkeys.template.name', { n: i + 1 });
    const ticks = Number(x.price.ticks);
    if (x.key === '') out.push(t('hotkeys.error.noKey', { name }));
    if (!/^[+-]?\d+$/.test(x.price.ticks) || Math.abs(ticks) > TICKS_MAX)
      out.push(t('hotkeys.error.ticks', { name, max: TICKS_MAX }));
    if (!sizeValid(x.size.kind, x.size.value)) out.push(t('hotkeys.error.size', { name }));
  });
  return [...new Set(out)];
}
