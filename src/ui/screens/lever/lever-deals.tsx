// The leverage transaction list of the leveraged screen (spec §2: time, price, volume): the
// pair's latest opened positions of all users, without their owners, refreshed with the panel.
import { computed } from '@preact/signals-core';
import { Empty, Loading } from '../../components/states.tsx';
import { lever } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';

const recent = computed(() => lever.value.deal?.recent ?? null);

export function LeverDeals({ meta }: { meta: PairMeta }) {
  const { t, fmt } = useI18n();
  const rows = useSignalValue(recent);
  return (
    <section
      className="spot__panel lever__deals"
      aria-labelledby="lever-deals-title"
      data-testid="lever-deals"
    >
      <header className="spot__head">
        <h2 id="lever-deals-title" className="spot__title">
          {t('lever.deals.title')}
        </h2>
      </header>
      {rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty text={t('lever.deals.empty')} />
      ) : (
        <div className="orders__wrap">
          <table className="orders__table lever-deals__table">
            <thead>
              <tr>
                <th scope="col">{t('lever.deals.time')}</th>
                <th scope="col">{t('lever.deals.side')}</th>
                <th scope="col" className="num">
                  {t('lever.deals.price')}
                </th>
                <th scope="col" className="num">
                  {t('lever.deals.volume')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.time}-${i}`}>
                  <td className="time-cell muted">{fmt.time(r.time)}</td>
                  <td className={r.side === 1 ? 'lever-deals__long' : 'lever-deals__short'}>
                    {t(r.side === 1 ? 'lever.deals.long' : 'lever.deals.short')}
                  </td>
                  <td className="num">{fmt.fixed(r.price, meta.pricePrecision)}</td>
                  <td className="num">{fmt.fixed(r.number, meta.amountPrecision)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
