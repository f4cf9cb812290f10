// Compact fields of the order forms: a numeric input that holds what was typed and says under
// it what is wrong with it as an amount of `maxDecimals` decimals — an exponent ("1e4", spec §5:
// the letter e is never taken as one), letters, a point in whole hands — before the form's own
// message (forms/amount-input.tsx, ADR 0041); and the 0–100 % slider with a Max button.
import { useId } from 'react';
import type { SpotSide } from '../../shared/spot.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { amountInputProps, useAmountIssue } from '../forms/amount-input.tsx';
import { SLIDER_MAX } from './form-math.ts';

interface NumberFieldProps {
  name: string;
  label: string;
  unit: string;
  value: string;
  onValue: (value: string) => void;
  maxDecimals: number;
  disabled?: boolean;
  placeholder?: string;
  error?: string | undefined;
}

export function NumberField(p: NumberFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const issue = useAmountIssue(p.disabled === true ? '' : p.value, p.maxDecimals);
  const message = issue ?? p.error;
  return (
    <div className={`spot-field ${message === undefined ? '' : 'is-invalid'}`}>
      <div className="spot-field__row">
        <label className="spot-field__label" htmlFor={id}>
          {p.label}
        </label>
        <input
          id={id}
          name={p.name}
          className="spot-field__input num"
          {...amountInputProps(p.value, p.onValue)}
          disabled={p.disabled}
          placeholder={p.placeholder}
          aria-invalid={message === undefined ? undefined : true}
          aria-describedby={message === undefined ? undefined : errorId}
        />
        <span className="spot-field__unit">{p.unit}</span>
      </div>
      {message !== undefined && (
        <span id={errorId} className="field__error" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}

interface PercentSliderProps {
  side: SpotSide;
  value: number;
  onChange: (percent: number) => void;
  disabled: boolean;
}

const MARKS = [0, 25, 50, 75, 100] as const;

export function PercentSlider({ side, value, onChange, disabled }: PercentSliderProps) {
  const { t } = useI18n();
  return (
    <div className={`spot-slider spot-slider--${side} ${disabled ? 'is-disabled' : ''}`}>
      <div className="spot-slider__track">
        <input
          type="range"
          min={0}
          max={SLIDER_MAX}
          step={1}
          value={value}
          disabled={disabled}
          aria-label={t('spot.form.slider')}
          aria-valuetext={t('spot.form.percent', { value })}
          data-testid={`${side}-slider`}
          style={{ ['--fill' as string]: `${value}%` }}
          onChange={(e) => onChange(Number(e.target.value))}
        />
        <div className="spot-slider__marks" aria-hidden="true">
          {MARKS.map((m) => (
            <button
              key={m}
              type="button"
              tabIndex={-1}
              disabled={disabled}
              className={`spot-slider__mark ${value >= m ? 'is-on' : ''}`}
              style={{ left: `${m}%` }}
              onClick={() => onChange(m)}
            />
          ))}
        </div>
      </div>
      <span className="spot-slider__value num">{t('spot.form.percent', { value })}</span>
      <button
        type="button"
        className="spot-slider__max"
        disabled={disabled}
        data-testid={`${side}-max`}
        onClick={() => onChange(SLIDER_MAX)}
      >
        {t('spot.form.max')}
      </button>
    </div>
  );
}
