import { useI18n } from '../i18n/i18n-context.tsx';
import { useAppQr } from './app-qr.ts';

export function AppQrImage({ size = 128 }: { size?: number }) {
  const { t } = useI18n();
  const qr = useAppQr();
  if (qr.status === 'loading') {
    return (
      <div className="qr qr--placeholder" style={{ width: size, height: size }} role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('header.download.loading')}</span>
      </div>
    );
  }
  if (qr.status === 'error') {
    return (
      <div className="qr qr--placeholder qr--error" style={{ width: size, height: size }}>
        {t('header.download.error')}
      </div>
    );
  }
  return (
    <img className="qr" src={qr.src} width={size} height={size} alt={t('header.download.qrAlt')} />
  );
}
