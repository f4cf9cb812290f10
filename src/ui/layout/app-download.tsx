import { AppQrImage } from '../components/app-qr-image.tsx';
import { Popover } from '../components/popover.tsx';
import { useI18n } from '../i18n/i18n-context.tsx';
import { LineIcon } from '../components/line-icon.tsx';

export function AppDownload() {
  const { t } = useI18n();
  return (
    <Popover
      className="app-download"
      ariaLabel={t('header.download.label')}
      label={
        <>
          <PhoneIcon />
          <span className="header__tool-text">{t('header.download.label')}</span>
        </>
      }
    >
      {() => (
        <div className="qr-panel">
          <AppQrImage size={140} />
          <p className="qr-panel__hint">{t('header.download.hint')}</p>
        </div>
      )}
    </Popover>
  );
}

function PhoneIcon() {
  return (
    <LineIcon>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18h3" />
    </LineIcon>
  );
}
