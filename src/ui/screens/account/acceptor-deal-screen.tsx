// A deal with an acceptor (spec §2 "rechargeMoney (query id, current 0 deposit or 1
// withdraw)", §5 "Acceptor deal: mobile, trade account, amount above 0 and pay way required"):
// the acceptor's rate, limit and account for the chosen way beside the form. The USDT of the
// deal is computed as the server does: the CNY amount (2 decimals) ÷ the rate, rounded down
// to 6 decimals. A sell deal shows the legal account's available USDT, which it freezes.
import { Fragment } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AcceptorView } from '../../../engine/api.ts';
import { Decimal, parseDecimal } from '../../../shared/decimal.ts';
import {
  ACCEPTOR_AUTO_CONFIRM_MS,
  ACCEPTOR_WAYS,
  positiveAmount,
  validateAcceptorDeal,
  type AcceptorWay,
} from '../../../shared/wallet.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Field } from '../../kit/field.tsx';
import { AmountField } from '../../kit/amount-field.tsx';
import { KitForm } from '../../kit/form.tsx';
import { useForm } from '../../kit/use-form.ts';
import { AccountShell, WALLET_PATH } from '../../kit/account-shell.tsx';
import { useAccountQuery } from '../../kit/use-account-query.ts';
import { useWallet } from '../../kit/use-wallet.ts';
import {
  acceptorWays,
  CNY_DECIMALS,
  DEAL_USDT_DECIMALS,
  dealPath,
  dealsPath,
  isWay,
  rateDecimals,
  WAY_LABEL,
} from './acceptor-list-screen.tsx';
import '../../styles/account-records.css';
import { anyAmountIssue, FIAT_DECIMALS, plainAmountText } from '../../forms/amount-text.ts';

/** Balances: 8 decimals (asset lists). */
const BALANCE_DECIMALS = 8;
const MAX_ID = 2_147_483_647;

type Current = 0 | 1;

function parseId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** The USDT a CNY amount buys or sells at `rate`, exactly as the server computes it. */
export function dealUsdt(money: string, rate: string): Decimal | null {
  const m = positiveAmount(money);
  const r = parseDecimal(rate);
  if (m === null || r === null || !r.greaterThan(0)) return null;
  return m
    .toDecimalPlaces(CNY_DECIMALS, Decimal.ROUND_HALF_UP)
    .dividedBy(r)
    .toDecimalPlaces(DEAL_USDT_DECIMALS, Decimal.ROUND_DOWN);
}

export default function AcceptorDealScreen() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const current: Current = params.get('current') === '1' ? 1 : 0;
  const { state, reload } = useAccountQuery('acceptor', id === null ? null : { id });
  const back = (
    <Link
      className="btn btn--ghost btn--sm"
      to={WALLET_PATH.aceite}
      data-testid="back-to-acceptors"
    >
      {t('account.deal.back')}
    </Link>
  );
  const ready = id !== null && state.data !== null && state.data.id === id;
  return (
    <AccountShell
      title={current === 0 ? t('account.deal.buyTitle') : t('account.deal.sellTitle')}
      testId="recharge-money-screen"
      actions={back}
    >
      {id !== null && <SideSwitch id={id} current={current} />}
      {ready && state.data !== null ? (
        <DealView key={state.data.id} acceptor={state.data} current={current} />
      ) : (
        <div className="panel">
          {id === null ? (
            <ErrorState text={t('account.deal.badId')}>{back}</ErrorState>
          ) : state.status === 'error' ? (
            <ErrorState
              text={t('wallet.list.error', { message: state.message })}
              onRetry={reload}
              retryable={state.retryable}
            >
              {back}
            </ErrorState>
          ) : (
            <Loading />
          )}
        </div>
      )}
    </AccountShell>
  );
}

function SideSwitch({ id, current }: { id: number; current: Current }) {
  const { t } = useI18n();
  return (
    <nav className="net-tabs" aria-label={t('account.deal.side')}>
      {([0, 1] as const).map((c) => (
        <Link
          key={c}
          to={dealPath(id, c)}
          replace
          className={`net-tab${c === current ? ' net-tab--active' : ''}`}
          aria-current={c === current ? 'page' : undefined}
          data-current={c}
        >
          {c === 0 ? t('account.aceite.buy') : t('account.aceite.sell')}
        </Link>
      ))}
    </nav>
  );
}

type DealFormState = ReturnType<typeof useForm<'way' | 'mobile' | 'dealAccount' | 'money'>>;

function DealView({ acceptor, current }: { acceptor: AcceptorView; current: Current }) {
  const ways = acceptorWays(acceptor);
  const form = useForm({ way: ways[0] ?? '', mobile: '', dealAccount: '', money: '' });
  const way = isWay(form.values.way) ? form.values.way : '';
  return (
    <div className="deal">
      <AcceptorCard acceptor={acceptor} current={current} way={way} />
      <DealForm acceptor={acceptor} current={current} ways={ways} way={way} form={form} />
    </div>
  );
}

function AcceptorCard({
  acceptor: a,
  current,
  way,
}: {
  acceptor: AcceptorView;
  current: Current;
  way: AcceptorWay | '';
}) {
  const { t, fmt } = useI18n();
  const rate = current === 0 ? a.rechargeRate : a.cashRate;
  const limit = current === 0 ? a.rechargeAmount : a.cashAmount;
  return (
    <section
      className="panel deal__card"
      aria-labelledby="deal-acceptor"
      data-testid="acceptor-info"
    >
      <h2 id="deal-acceptor" className="deal__name">
        {a.name}
      </h2>
      <dl className="kv">
        <dt>{t('account.deal.rate')}</dt>
        <dd className="num">
          {t('account.deal.rateValue', { rate: fmt.fixed(rate, rateDecimals(rate)) })}
        </dd>
        <dt>{t('account.deal.limit')}</dt>
        <dd className="num">{t('account.deal.cny', { amount: fmt.fixed(limit, CNY_DECIMALS) })}</dd>
      </dl>
      {way !== '' && (
        <>
          <h3 className="deal__section-title">
            {t('account.deal.acceptorAccount', { way: t(WAY_LABEL[way]) })}
          </h3>
          <WayAccount acceptor={a} way={way} />
        </>
      )}
      <p className="notice-bar">
        {current === 0
          ? t('account.deal.buyNote')
          : t('account.deal.sellNote', { minutes: ACCEPTOR_AUTO_CONFIRM_MS / 60_000 })}
      </p>
    </section>
  );
}

function WayAccount({ acceptor: a, way }: { acceptor: AcceptorView; way: AcceptorWay }) {
  const { t } = useI18n();
  const rows: [string, string][] =
    way === 'we_chat'
      ? [
          [t('account.deal.nickname'), a.wechatNickname],
          [t('account.deal.accountNo'), a.wechatAccount],
        ]
      : way === 'ali_pay'
        ? [
            [t('account.deal.nickname'), a.aliNickname],
            [t('account.deal.accountNo'), a.aliAccount],
          ]
        : [
            [t('account.deal.bankName'), a.bankName],
            [t('account.deal.accountNo'), a.bankAccount],
            [t('account.deal.bankAddress'), a.bankAddress],
          ];
  return (
    <dl className="kv" data-testid="acceptor-account" data-way={way}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd className="mono">{value === '' ? t('account.none') : value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

interface FormProps {
  acceptor: AcceptorView;
  current: Current;
  ways: readonly AcceptorWay[];
  way: AcceptorWay | '';
  form: DealFormState;
}

function DealForm({ acceptor: a, current, ways, way, form }: FormProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const legalUsdt = useLegalUsdt();
  const rate = current === 0 ? a.rechargeRate : a.cashRate;
  const usdt = dealUsdt(plainAmountText(form.values.money, FIAT_DECIMALS), rate);

  const submit = async () => {
    const values = form.values;
    const errors = validateAcceptorDeal(values);
    if (
      errors.money === undefined &&
      current === 1 &&
      usdt !== null &&
      legalUsdt !== null &&
      usdt.greaterThan(legalUsdt)
    )
      errors.money = 'validation.wallet.insufficient';
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    if (anyAmountIssue([values.money, FIAT_DECIMALS])) return;
    // announced: the server's message only
    const r = await form.run(
      () =>
        engine.accountCommand('acceptor-deal', {
          acceptorId: a.id,
          type: current === 0 ? 'buy' : 'sell',
          way,
          mobile: values.mobile,
          dealAccount: values.dealAccount,
          money: values.money,
        }),
      '',
    );
    if (r.ok) void navigate(dealsPath(current));
  };

  return (
    <KitForm
      className="panel deal__form"
      testId="acceptor-deal-form"
      data={{ 'data-current': current }}
      state={form}
      onSubmit={submit}
      submit={{
        label: current === 0 ? t('account.deal.submitBuy') : t('account.deal.submitSell'),
        busyLabel: t('common.loading'),
        testId: 'acceptor-deal-submit',
      }}
    >
      <WayChoice
        ways={ways}
        way={way}
        error={form.message('way')}
        onWay={(w) => form.setValue('way', w)}
      />
      <Field
        name="mobile"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t('account.deal.mobile')}
        value={form.values.mobile}
        onValue={(v) => form.setValue('mobile', v)}
        error={form.message('mobile')}
      />
      <Field
        name="dealAccount"
        autoComplete="off"
        label={
          way === ''
            ? t('account.deal.dealAccount')
            : t('account.deal.dealAccountWay', { way: t(WAY_LABEL[way]) })
        }
        value={form.values.dealAccount}
        onValue={(v) => form.setValue('dealAccount', v)}
        error={form.message('dealAccount')}
      />
      <AmountField
        name="money"
        decimals={FIAT_DECIMALS}
        label={t('account.deal.money')}
        value={form.values.money}
        onValue={(v) => form.setValue('money', v)}
        error={form.message('money')}
        addon={<span className="field__unit">{t('account.unit.cny')}</span>}
      />
      <DealSummary current={current} usdt={usdt} legalUsdt={legalUsdt} />
    </KitForm>
  );
}

/** The legal account's available USDT, or null until the wallet is loaded. */
function useLegalUsdt(): Decimal | null {
  const wallet = useWallet();
  if (!wallet.loaded) return null;
  const row = wallet.accounts.legal.rows.find((r) => r.name.toUpperCase() === 'USDT');
  return parseDecimal(row?.available ?? '0');
}

function WayChoice({
  ways,
  way,
  error,
  onWay,
}: {
  ways: readonly AcceptorWay[];
  way: AcceptorWay | '';
  error: string | undefined;
  onWay: (way: AcceptorWay) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset
      className={`radio-group${error === undefined ? '' : ' field--invalid'}`}
      aria-describedby={error === undefined ? undefined : 'deal-way-error'}
      data-testid="deal-way"
    >
      <legend>{t('account.deal.way')}</legend>
      <div className="radio-group__options">
        {ACCEPTOR_WAYS.map((w) => (
          <label key={w} className="radio-chip">
            <input
              type="radio"
              name="way"
              value={w}
              checked={way === w}
              disabled={!ways.includes(w)}
              onChange={() => onWay(w)}
            />
            {t(WAY_LABEL[w])}
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id="deal-way-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function DealSummary({
  current,
  usdt,
  legalUsdt,
}: {
  current: Current;
  usdt: Decimal | null;
  legalUsdt: Decimal | null;
}) {
  const { t, fmt } = useI18n();
  const none = t('account.none');
  return (
    <div className="deal__summary" aria-live="polite">
      <div className="form-row">
        <span>{current === 0 ? t('account.deal.usdtBuy') : t('account.deal.usdtSell')}</span>
        <strong data-testid="deal-usdt">
          {usdt === null
            ? none
            : t('account.deal.usdt', { amount: fmt.fixed(usdt.toFixed(), DEAL_USDT_DECIMALS) })}
        </strong>
      </div>
      {current === 1 && (
        <div className="form-row">
          <span>{t('account.deal.available')}</span>
          <strong data-testid="deal-available">
            {legalUsdt === null
              ? none
              : t('account.deal.usdt', {
                  amount: fmt.fixed(legalUsdt.toFixed(), BALANCE_DECIMALS),
                })}
          </strong>
        </div>
      )}
    </div>
  );
}
