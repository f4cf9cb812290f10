// The hotkey settings (issue 24): on or off, whether each hotkey order or cancel asks first, a
// key for each action, and up to TEMPLATES_MAX order templates (key, side, size as an amount or
// a share of what is available, price as ticks from the best bid, the best ask, their mid or the
// last trade, time in force or post-only), and up to LEVER_TEMPLATES_MAX contract templates
// (ADR 0066: hands at a multiple, market, limit or conditional, ticks from the mark). Edited as a draft; Save checks it (keys given once, ticks and sizes in bounds)
// and keeps it in the workspace, Cancel forgets it. A key is set by pressing it on its button.
import { useState } from 'react';
import {
  HOTKEY_ACTIONS,
  parseWorkspace,
  sizeValid,
  TEMPLATES_MAX,
  TICKS_MAX,
  type HotkeyAction,
  type HotkeySettings as Settings,
} from '../../shared/workspace.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { DialogFooter, Modal } from '../kit/modal.tsx';
import { toast } from '../toast/toast.ts';
import { updateWorkspace, workspace } from '../workspace.ts';
import { LEVER_TEMPLATES_MAX, type LeverTemplate } from '../../shared/lever-templates.ts';
import {
  emptyLeverDraft,
  leverDraftOf,
  leverDraftProblems,
  LeverTemplateRow,
  leverTemplateOf,
  type LeverDraft,
} from './lever-template-row.tsx';
import { ACTION_LABEL } from './template-text.ts';
import { keyLabel } from './keys.ts';
import { KeyButton } from './key-button.tsx';
import {
  draftOf,
  emptyTemplate,
  shapeProblems,
  TemplateRow,
  templateOf,
  type Draft,
} from './template-row.tsx';

/** `?` as the hotkeys name it: it opens the key sheet and is given to nothing else. */
const RESERVED = 'Shift+/';

export function HotkeySettings({ base, onClose }: { base: string; onClose: () => void }) {
  const { t } = useI18n();
  const start = workspace.peek().hotkeys;
  const [enabled, setEnabled] = useState(start.enabled);
  const [confirm, setConfirm] = useState(start.confirm);
  const [keys, setKeys] = useState<Record<HotkeyAction, string>>({ ...start.keys });
  const [templates, setTemplates] = useState<Draft[]>(() => start.templates.map(draftOf));
  const [levers, setLevers] = useState<LeverDraft[]>(() =>
    (start.leverTemplates ?? []).map(leverDraftOf),
  );
  const [errors, setErrors] = useState<string[]>([]);

  const setTemplate = (i: number, next: Draft): void =>
    setTemplates((list) => list.map((x, j) => (j === i ? next : x)));

  const save = (): void => {
    const found = problems(keys, templates, levers, t);
    setErrors(found);
    if (found.length > 0) return;
    const next: Settings = {
      enabled,
      confirm,
      keys,
      templates: templates.map(templateOf),
      leverTemplates: levers.map(leverTemplateOf).filter((x): x is LeverTemplate => x !== null),
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
      <h3 className="hotkeys__subtitle">{t('hotkeys.lever.title')}</h3>
      <ul className="hotkeys__templates" data-testid="lever-templates">
        {levers.map((x, i) => (
          <LeverTemplateRow
            key={i}
            draft={x}
            index={i}
            onChange={(next) => setLevers((list) => list.map((y, j) => (j === i ? next : y)))}
            onRemove={() => setLevers((list) => list.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      {levers.length < LEVER_TEMPLATES_MAX && (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setLevers((list) => [...list, emptyLeverDraft()])}
          data-testid="lever-template-add"
        >
          {t('hotkeys.lever.add')}
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

/** What is wrong with a draft, in the reader's words (empty: nothing). */
function problems(
  keys: Record<HotkeyAction, string>,
  templates: readonly Draft[],
  levers: readonly LeverDraft[],
  t: ReturnType<typeof useI18n>['t'],
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const all = [
    ...Object.values(keys),
    ...templates.map((x) => x.key),
    ...levers.map((x) => x.key),
  ].filter((k) => k !== '');
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
    out.push(...shapeProblems(x, name, t));
  });
  levers.forEach((x, i) => {
    const name = t('hotkeys.lever.name', { n: i + 1 });
    if (x.key === '') out.push(t('hotkeys.error.noKey', { name }));
    out.push(...leverDraftProblems(x, name, t));
  });
  return [...new Set(out)];
}
