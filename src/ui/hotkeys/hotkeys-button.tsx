// The way to the key sheet without a keyboard shortcut: a small button beside the order forms'
// switch, named for screen readers, with `?` as its hint.
import { useI18n } from '../i18n/i18n-context.tsx';

export function HotkeysButton({ onClick }: { onClick: () => void }) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="hotkeys__open"
      onClick={onClick}
      title={t('hotkeys.openHint')}
      aria-keyshortcuts="Shift+/"
      data-testid="hotkeys-open"
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <rect x="2.5" y="6" width="19" height="12" rx="2" />
        <path d="M6 10h1M9.5 10h1M13 10h1M16.5 10h1M7 14h10" />
      </svg>
      <span>{t('hotkeys.title')}</span>
    </button>
  );
}
