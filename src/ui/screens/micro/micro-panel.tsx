// The second-contract order panel (wallet-account-earn.md §2 "Micro trade panel"; api-contract
// §6): durations with their profit ratios, the payment currency's micro balance, amount presets
// and input, what a win pays and the fee (exact), and the up / down buttons, each with a
// confirm dialog. The order is validated with src/shared/micro.ts before it is sent.
import { useState } from 'react';
import { Link } from 'react-router';
import type { MicroView } from '../../../engine/api.ts';
import { Decimal } from '../../../shared/decimal.ts';
import type { MicroValidationId } from '../../../shared/micro.ts';
import { validateMicro } from '../../../shared/micro.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { OutcomeChecking } from '../../components/outcome-checking.tsx';
import { useOrderGuard, type OrderGuard } from '../../components/offline-reason.tsx';
import { microAmountText, microRuleMessage } from './micro-amount.ts';
import { amountInputProps, useAmountIssue } from '../../forms/amount-input.tsx';
import { anyAmountIssue } from '../../forms/amount-text.ts';

/** Second-contract stakes are whole units of the payment currency (validateMicro). */
const MICRO_STAKE_DECIMALS = 0;

type MicroErrors = {
  number?: MicroValidationId | undefined;
  seconds?: MicroValidationId | undefined;
};

interface Props {
  view: MicroView;
  meta: PairMeta;
  matchId: number | null;
  loggedIn: boolean;
}

export function MicroPanel({ view, meta, matchId, loggedIn }: Props) {
  const { t, tv, fmt } = useI18n();
  const [seconds, setSeconds] = useState<number | null>(null);
  const [number, setNumber] = useState('');
  const [errors, setErrors] = useState<MicroErrors>({});
  const [confirm, setConfirm] = useState<1 | 2 | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);
  const guard = useOrderGuard();
  const { currency, win, fee } = microFigures(view, seconds, number);

  if (currency === null || view.seconds.length === 0) return <Loading />;
  const ruleText = (id: MicroValidationId): string => {
    const m = microRuleMessage(id, currency, fmt.fixed);
    return t(m.id, m.values);
  };
  const money = (v: Decimal | null): string => (v === null ? '--' : fmt.fixed(v.toFixed(), 2));

  // the up/down buttons stay focusable while an order is checked (aria-disabled, ADR 0037):
  // focus comes back to them when the confirm closes
  const open = (side: 1 | 2) => {
    if (waiting(checking, busy) || guard.down) return;
    const found = validateMicro({ number, seconds, min: currency.min, max: currency.max });
    setErrors(found);
    if (Object.keys(found).length === 0 && !anyAmountIssue([number, MICRO_STAKE_DECIMALS]))
      setConfirm(side);
  };
  const send = async () => {
    if (confirm === null || matchId === null) return;
    setBusy(true);
    const r = await engine.submitMicro(
      { matchId, currencyId: currency.id, side: confirm, seconds, number },
      () => {
        // the reply is late: the dialog gives way to the panel, which says it is checking
        setConfirm(null);
        setChecking(true);
      },
    );
    setBusy(false);
    setChecking(false);
    setConfirm(null);
    if (r.ok) {
      toast.success(t('micro.placed'));
      return;
    }
    if (r.code === 'invalid') setErrors(r.fields as typeof errors);
    toast.error(failureMessage(r));
  };

  return (
    <div className="micro-panel" data-testid="micro-panel">
      <div className="micro-panel__row">
        <span className="muted">{t('micro.balance')}</span>
        <strong className="num" data-testid="micro-balance">
          {currency.balance === null ? '--' : `${fmt.amount(currency.balance, 2)} ${currency.name}`}
        </strong>
      </div>
      <DurationPicker
        options={view.seconds}
        value={seconds}
        error={errors.seconds === undefined ? undefined : tv(errors.seconds)}
        onPick={(value) => {
          setSeconds(value);
          setErrors((e) => ({ ...e, seconds: undefined }));
        }}
      />
      <fieldset className="micro-panel__group">
        <legend className="spot-field__label">
          {t('micro.amount', { currency: currency.name })}
        </legend>
        <div className="lever-chips">
          {currency.presets.map((n) => (
            <button
              key={n}
              type="button"
              className={`lever-chip${number === n ? ' is-on' : ''}`}
              onClick={() => setNumber(n)}
            >
              {n}
            </button>
          ))}
        </div>
        <StakeInput
          value={number}
          onValue={(v) => {
            setNumber(v);
            setErrors((x) => ({ ...x, number: undefined }));
          }}
          rule={errors.number === undefined ? undefined : ruleText(errors.number)}
          label={t('micro.amount', { currency: currency.name })}
          placeholder={t('micro.range', {
            min: microAmountText(currency.min, fmt.fixed),
            max: microAmountText(currency.max, fmt.fixed),
          })}
        />
      </fieldset>
      <dl className="lever-cost">
        <dt>{t('micro.win')}</dt>
        <dd className="num up" data-testid="micro-win">
          {win === null ? '--' : `+${money(win)}`}
        </dd>
        <dt>{t('micro.fee', { rate: fmt.fixed(currency.feePct, 2) })}</dt>
        <dd className="num" data-testid="micro-fee">
          {money(fee)}
        </dd>
      </dl>
      {loggedIn ? (
        <MicroActions guard={guard} checking={checking} onOpen={open} />
      ) : (
        <LoginActions />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 2 ? 'micro.confirmDown' : 'micro.confirmUp', { symbol: meta.symbol })}
        body={t('micro.confirmBody', {
          amount: number,
          currency: currency.name,
          seconds: seconds ?? 0,
          win: money(win),
          fee: money(fee),
        })}
        confirmLabel={t('lever.form.sure')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => void send()}
        onClose={() => setConfirm(null)}
      />
    </div>
  );
}

/** An order is on its way (sent, or its outcome being checked): a press is ignored. */
const waiting = (checking: boolean, busy: boolean): boolean => checking || busy;

/** The durations with their profit ratios, as radio buttons. */
function DurationPicker(p: {
  options: MicroView['seconds'];
  value: number | null;
  error: string | undefined;
  onPick: (seconds: number) => void;
}) {
  const { t, fmt } = useI18n();
  return (
    <fieldset className="micro-panel__group">
      <legend className="spot-field__label">{t('micro.duration')}</legend>
      <div className="micro-durations" role="radiogroup" aria-label={t('micro.duration')}>
        {p.options.map((s) => (
          <button
            key={s.seconds}
            type="button"
            role="radio"
            aria-checked={p.value === s.seconds}
            className={`micro-duration${p.value === s.seconds ? ' is-on' : ''}`}
            onClick={() => p.onPick(s.seconds)}
            data-seconds={s.seconds}
          >
            <span className="micro-duration__time">{t('micro.seconds', { value: s.seconds })}</span>
            <span className="micro-duration__ratio num">
              {t('micro.ratio', { value: fmt.fixed(s.profitRatio, 0) })}
            </span>
          </button>
        ))}
      </div>
      {p.error !== undefined && (
        <span className="field__error" role="alert">
          {p.error}
        </span>
      )}
    </fieldset>
  );
}

/** The up / down buttons of a logged-in user, each opening its confirm (`onOpen`). */
function MicroActions(p: { guard: OrderGuard; checking: boolean; onOpen: (side: 1 | 2) => void }) {
  const { t } = useI18n();
  return (
    <div className="micro-actions">
      <button
        type="button"
        className="btn btn--buy micro-actions__up"
        onClick={() => p.onOpen(1)}
        {...p.guard.button(p.checking)}
        data-testid="micro-up"
      >
        {t('micro.up')}
      </button>
      <button
        type="button"
        className="btn btn--sell micro-actions__down"
        onClick={() => p.onOpen(2)}
        {...p.guard.button(p.checking)}
        data-testid="micro-down"
      >
        {t('micro.down')}
      </button>
      {p.guard.reason}
      {p.checking && <OutcomeChecking testId="micro-unknown" />}
    </div>
  );
}

/** A visitor is offered to log in or register instead of the up / down buttons. */
function LoginActions() {
  const { t } = useI18n();
  return (
    <div className="spot-form__login-actions">
      <Link className="btn btn--primary btn--sm" to={ROUTE_PATH.login}>
        {t('spot.form.login')}
      </Link>
      <Link className="btn btn--ghost btn--sm" to={ROUTE_PATH.register}>
        {t('spot.form.register')}
      </Link>
    </div>
  );
}

/** The stake: what was typed, with what is wrong with it — "2.00" is said to be wrong, never
 *  read as 200 (ADR 0041) — before the rule the panel checks (`rule`). */
function StakeInput(p: {
  value: string;
  onValue: (v: string) => void;
  rule: string | undefined;
  label: string;
  placeholder: string;
}) {
  const message = useAmountIssue(p.value, MICRO_STAKE_DECIMALS) ?? p.rule;
  const invalid = message !== undefined;
  return (
    <>
      <input
        className="spot-field__input micro-panel__input num"
        name="number"
        {...amountInputProps(p.value, p.onValue)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? 'micro-number-error' : undefined}
        aria-label={p.label}
        placeholder={p.placeholder}
      />
      {invalid && (
        <span
          id="micro-number-error"
          className="field__error"
          role="alert"
          data-testid="micro-number-error"
        >
          {message}
        </span>
      )}
    </>
  );
}

/** The payment currency, and what a win pays and the fee for the values chosen (exact). */
function microFigures(view: MicroView, seconds: number | null, number: string) {
  const currency = view.currencies[0] ?? null;
  const chosen = view.seconds.find((s) => s.seconds === seconds) ?? null;
  const stake = /^\d+$/.test(number) ? new Decimal(number) : null;
  const win =
    stake === null || chosen === null ? null : stake.times(chosen.profitRatio).dividedBy(100);
  const fee =
    stake === null || currency === null ? null : stake.times(currency.feePct).dividedBy(100);
  return { currency, win, fee };
}
