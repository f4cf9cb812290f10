// The key sheet (`?`, issue 24): whether hotkeys are on, every action's key and every template's
// key with what it does, and the way to the settings. A native modal dialog: Escape closes it
// and focus goes back where it was.
import { useState } from 'react';
import type { HotkeyAction, OrderTemplate } from '../../shared/workspace.ts';
import { HOTKEY_ACTIONS } from '../../shared/workspace.ts';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { DialogFooter, Modal } from '../kit/modal.tsx';
import { workspace } from '../workspace.ts';
import { HotkeySettings } from './hotkey-settings.tsx';
import { HELP_KEY, keyLabel } from './keys.ts';
import { ACTION_LABEL, useTemplateText } from './template-text.ts';
import { useLeverTemplateText } from './lever-template-text.ts';

interface SheetProps {
  open: boolean;
  onClose: () => void;
  /** The actions this screen offers (the others are listed as another screen's). */
  actions: readonly HotkeyAction[];
  /** The screen places templates' orders (the spot screen). */
  templates: boolean;
  /** The screen places contract templates' orders (the contracts screen, ADR 0066). */
  leverTemplates?: boolean;
  base: string;
}

export function HotkeySheet(p: SheetProps) {
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const settings = useSignalValue(workspace).hotkeys;
  const describe = useTemplateText(p.base);
  const describeLever = useLeverTemplateText();
  return (
    <>
      <Modal
        open={p.open}
        title={t('hotkeys.title')}
        onClose={p.onClose}
        testId="hotkey-sheet"
        className="hotkeys"
        closeButton={false}
      >
        <p className="dialog__body" role="status">
          {t(settings.enabled ? 'hotkeys.sheet.on' : 'hotkeys.sheet.off')}
        </p>
        <table className="hotkeys__table">
          <tbody>
            {HOTKEY_ACTIONS.filter((a) => p.actions.includes(a)).map((a) => (
              <KeyRow key={a} name={settings.keys[a]} what={t(ACTION_LABEL[a])} />
            ))}
            <KeyRow name={HELP_KEY} what={t('hotkeys.action.help')} />
            {p.templates &&
              settings.templates.map((tpl: OrderTemplate) => (
                <KeyRow key={tpl.key} name={tpl.key} what={describe(tpl)} />
              ))}
            {p.leverTemplates === true &&
              (settings.leverTemplates ?? []).map((tpl) => (
                <KeyRow key={tpl.key} name={tpl.key} what={describeLever(tpl)} />
              ))}
          </tbody>
        </table>
        <DialogFooter
          cancelLabel={t('common.close')}
          onCancel={p.onClose}
          submitLabel={t('hotkeys.settings')}
          onSubmit={() => setEditing(true)}
          submitTestId="hotkey-settings-open"
        />
      </Modal>
      {editing && <HotkeySettings base={p.base} onClose={() => setEditing(false)} />}
    </>
  );
}

function KeyRow({ name, what }: { name: string; what: string }) {
  const { t } = useI18n();
  return (
    <tr>
      <th scope="row">
        {name === '' ? (
          <span className="muted">{t('hotkeys.key.none')}</span>
        ) : (
          <kbd>{keyLabel(name)}</kbd>
        )}
      </th>
      <td>{what}</td>
    </tr>
  );
}
