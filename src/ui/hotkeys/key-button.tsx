// The controls of the hotkey settings: a key set by pressing it, and a field with its caption.
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context.tsx';
import { keyLabel, keyName } from './keys.ts';

/** A field with its caption above it (the caption names the field for screen readers too). */
export function Cell({
  caption,
  children,
  own = false,
}: {
  caption: string;
  children: ReactNode;
  /** A caption always shown (no column above it heads this cell). */
  own?: boolean;
}) {
  return (
    <label className={own ? 'hotkeys__cell hotkeys__cell--own' : 'hotkeys__cell'}>
      <span className="hotkeys__caption">{caption}</span>
      {children}
    </label>
  );
}

/** A key, set by pressing it while the button has focus; Backspace or Delete takes it away. */
export function KeyButton({
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

/** A number as typed, with its caption always shown. */
export function NumberCell(p: {
  caption: string;
  mode: 'numeric' | 'decimal';
  value: string;
  onValue: (v: string) => void;
  field: string;
}) {
  return (
    <Cell caption={p.caption} own>
      <input
        className="hotkeys__control hotkeys__number"
        inputMode={p.mode}
        value={p.value}
        onChange={(e) => p.onValue(e.target.value.trim())}
        data-field={p.field}
      />
    </Cell>
  );
}
