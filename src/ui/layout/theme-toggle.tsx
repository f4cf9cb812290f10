import { useI18n } from '../i18n/i18n-context.tsx';
import { useSignalValue } from '../engine-bridge/use-signal-value.ts';
import { theme, toggleTheme } from '../theme.ts';
import { LineIcon } from '../components/line-icon.tsx';

export function ThemeToggle({ withText = false }: { withText?: boolean }) {
  const { t } = useI18n();
  const night = useSignalValue(theme) === 'night';
  const label = t(night ? 'header.theme.toDay' : 'header.theme.toNight');
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid="theme-toggle"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
    >
      {night ? <SunIcon /> : <MoonIcon />}
      {withText && <span>{label}</span>}
    </button>
  );
}

function SunIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </LineIcon>
  );
}

function MoonIcon() {
  return (
    <LineIcon size={18}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </LineIcon>
  );
}
