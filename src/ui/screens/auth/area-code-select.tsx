// Area-code picker of the phone registration (engine.countries()).
import { useEffect, useState } from 'react';
import type { CountryItem } from '../../../shared/wire.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

interface AreaCodeSelectProps {
  value: CountryItem | null;
  onChange: (country: CountryItem) => void;
}

export function AreaCodeSelect({ value, onChange }: AreaCodeSelectProps) {
  const { t, lang } = useI18n();
  const [countries, setCountries] = useState<CountryItem[] | null>(null);

  useEffect(() => {
    let live = true;
    void engine.countries().then((r) => {
      if (!live) return;
      const list = r.ok ? r.data : [];
      setCountries(list);
      const first = list[0];
      if (first !== undefined) onChange(first);
    });
    return () => {
      live = false;
    };
    // Load once; onChange is the parent's state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chinese = lang === 'zh' || lang === 'hk';
  return (
    <select
      name="areaCode"
      className="field__select num"
      aria-label={t('auth.register.areaCode')}
      value={value?.country_id ?? ''}
      disabled={countries === null}
      onChange={(e) => {
        const picked = countries?.find((c) => String(c.country_id) === e.target.value);
        if (picked !== undefined) onChange(picked);
      }}
    >
      {countries === null && <option value="">{t('auth.register.areaCodeLoading')}</option>}
      {(countries ?? []).map((c) => (
        <option key={c.country_id} value={c.country_id}>
          {t('auth.register.areaCodeOption', {
            code: c.area_code,
            name: chinese ? c.name_cn : c.name_en,
          })}
        </option>
      ))}
    </select>
  );
}
