// The token pre-sale (/upstart; wallet-account-earn.md "Pre-sale page", GET /api/iepn): banner,
// issued-versus-remaining pie (the spec's defaults until the server answers), start time, start
// price, planned total, end time; buying goes through customer service; the project's website
// and white paper (operator settings with defaults, presale-links.ts, ADR 0025).
import type { PresaleView } from '../../../engine/api.ts';
import { ErrorState } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import { PRESALE_DEFAULTS, presaleSlices } from './presale-pie.ts';
import { presaleLinks } from './presale-links.ts';
import '../../styles/earn.css';
import { useEarnQuery } from './earn-parts.tsx';

const RADIUS = 96;

export default function PresaleScreen() {
  const { t, fmt } = useI18n();
  const { data, error, refresh } = useEarnQuery('presale');

  const issued = data?.issued ?? PRESALE_DEFAULTS.issued;
  const remaining = data?.remaining ?? PRESALE_DEFAULTS.remaining;
  const slices = presaleSlices(issued, remaining, RADIUS);
  const name = data?.name ?? '';
  const amount = (v: string) => fmt.fixed(v, 0);
  const dash = '—';
  const percent = (key: 'issued' | 'remaining') => {
    const share = slices.find((s) => s.key === key)?.share;
    return share === undefined ? dash : fmt.percent(String(share * 100), 2);
  };

  const buy = async () => {
    const r = await engine.customerService();
    if (r.ok && r.data !== '') {
      toast.info(t('presale.buy.contact'));
      window.open(r.data, '_blank', 'noopener,noreferrer');
    } else toast.info(t('presale.buy.contact'));
  };

  return (
    <section className="page earn presale" data-testid="presale-screen">
      <header className="presale__banner">
        <div>
          <p className="presale__eyebrow">{t('presale.eyebrow')}</p>
          <h1 className="presale__title">
            {name === '' ? t('presale.titleGeneric') : t('presale.title', { name })}
          </h1>
          <p className="presale__lead">{t('presale.lead')}</p>
          <div className="presale__actions">
            <button
              type="button"
              className="btn btn--primary"
              data-testid="presale-buy"
              onClick={() => void buy()}
            >
              {t('presale.buy.label')}
            </button>
            {data !== null && <PresaleLinks data={data} />}
          </div>
        </div>
      </header>

      {error !== null && data === null && <ErrorState text={error} onRetry={refresh} />}

      <div className="presale__grid">
        <div className="panel presale__chart">
          <h2 className="panel__title">{t('presale.distribution')}</h2>
          <div className="presale__pie">
            <svg
              viewBox={`${-RADIUS} ${-RADIUS} ${RADIUS * 2} ${RADIUS * 2}`}
              width={RADIUS * 2}
              height={RADIUS * 2}
              role="img"
              aria-label={t('presale.pieLabel', {
                issued: amount(issued),
                remaining: amount(remaining),
              })}
              data-testid="presale-pie"
              data-loaded={data !== null ? '1' : '0'}
            >
              {slices.map((s) => (
                <path
                  key={s.key}
                  d={s.path}
                  className={`presale__slice presale__slice--${s.key}`}
                  data-slice={s.key}
                />
              ))}
            </svg>
            <ul className="presale__legend">
              <li>
                <span className="presale__dot presale__dot--issued" />
                <span className="muted">{t('presale.issued')}</span>
                <strong data-testid="presale-issued">{amount(issued)}</strong>
                <span className="presale__share">{percent('issued')}</span>
              </li>
              <li>
                <span className="presale__dot presale__dot--remaining" />
                <span className="muted">{t('presale.remaining')}</span>
                <strong data-testid="presale-remaining">{amount(remaining)}</strong>
                <span className="presale__share">{percent('remaining')}</span>
              </li>
            </ul>
          </div>
        </div>
        <PresaleFacts data={data} />
      </div>
    </section>
  );
}

function PresaleLinks({ data }: { data: PresaleView }) {
  const { t } = useI18n();
  return (
    <>
      {presaleLinks(data).map((link) => (
        <a
          key={link.key}
          className="btn btn--ghost"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`presale-${link.key}`}
        >
          {t(link.label)}
        </a>
      ))}
    </>
  );
}

/** Start time, start price, planned total, end time ('—' until the server answers). */
function PresaleFacts({ data }: { data: PresaleView | null }) {
  const { t, fmt } = useI18n();
  const dash = '—';
  const when = (v: string | undefined) =>
    v === undefined || v === '' ? dash : fmt.dateTime(v + 'Z');
  return (
    <dl className="panel presale__facts">
      <div>
        <dt>{t('presale.start')}</dt>
        <dd data-testid="presale-start">{when(data?.start)}</dd>
      </div>
      <div>
        <dt>{t('presale.price')}</dt>
        <dd data-testid="presale-price">
          {data === null ? dash : `${fmt.fixed(data.price, 4)} USDT`}
        </dd>
      </div>
      <div>
        <dt>{t('presale.total')}</dt>
        <dd data-testid="presale-total">
          {data === null ? dash : `${fmt.fixed(data.total, 0)} ${data.name}`}
        </dd>
      </div>
      <div>
        <dt>{t('presale.end')}</dt>
        <dd data-testid="presale-end">{when(data?.end)}</dd>
      </div>
    </dl>
  );
}
