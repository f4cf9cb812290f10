// Currency info panel (spec §3 "Currency detail"): name, full name, description. The
// reference server sends plain text; a legacy backend may send HTML, which is rendered only
// through the sanitizing SafeHtml component.
import { computed } from '@preact/signals-core';
import type { CurrencyDetail } from '../../../shared/wire.ts';
import { SafeHtml } from '../../components/safe-html.tsx';
import { Empty, Loading } from '../../components/states.tsx';
import { spot } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

const LOOKS_LIKE_HTML = /<[a-z][\s\S]*>/i;

/** The detail and whether it loaded, as one object kept while they read the same: the panel
 *  re-renders when they change, not on every last-price change of the spot view (issue 19;
 *  every diff brings a new copy of the view from the worker). */
let lastInfo: { loaded: boolean; detail: CurrencyDetail | null } = { loaded: false, detail: null };
const infoSelected = computed(() => {
  const v = spot.value;
  const loaded = v !== null && v.loaded;
  const detail = v?.detail ?? null;
  const before = lastInfo.detail;
  const same =
    before === detail ||
    (before !== null &&
      detail !== null &&
      before.id === detail.id &&
      before.name === detail.name &&
      before.full_name === detail.full_name &&
      before.desc === detail.desc);
  if (loaded !== lastInfo.loaded || !same) lastInfo = { loaded, detail };
  return lastInfo;
});

export function CurrencyInfo() {
  const { t } = useI18n();
  const view = useSignalValue(infoSelected);
  const detail = view.detail;

  const body = () => {
    if (!view.loaded) return <Loading />;
    if (detail === null) return <Empty text={t('spot.info.empty')} />;
    return (
      <dl className="info__list">
        <div className="info__item">
          <dt>{t('spot.info.name')}</dt>
          <dd>{detail.name}</dd>
        </div>
        <div className="info__item">
          <dt>{t('spot.info.fullName')}</dt>
          <dd>{detail.full_name}</dd>
        </div>
        <div className="info__item info__item--block">
          <dt>{t('spot.info.description')}</dt>
          <dd>
            {LOOKS_LIKE_HTML.test(detail.desc) ? (
              <SafeHtml className="prose" html={detail.desc} />
            ) : (
              <p className="info__desc">{detail.desc}</p>
            )}
          </dd>
        </div>
      </dl>
    );
  };

  return (
    <section className="spot__panel spot__info" aria-labelledby="spot-info-title">
      <header className="spot__head">
        <h2 id="spot-info-title" className="spot__title">
          {t('spot.info.title')}
        </h2>
      </header>
      <div className="info__body">{body()}</div>
    </section>
  );
}
