// The repayment dialog's form (/loan; wallet-account-earn.md §2 "repayment dialog", §5
// "Repayment coin choices"; issue 20, ADR 0023): the coin, a server quote of the amount to send
// at the live price with its countdown, the collection address, the voucher. What the dialog
// shows is what the server records: the quote holds for a minute and is renewed when it runs
// out, saying so; the submit names the quote. A refused quote (type `quote`) is renewed too.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoanConfigView, LoanQuoteView, LoanView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import { PAYABLE_DP, REPAY_COIN_CURRENCY, type RepayCoin } from '../../../shared/lending.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { toast } from '../../toast/toast.ts';
import { useNow } from '../../components/use-now.ts';
import { copyText } from '../../kit/copy-text.ts';
import { ImageUpload } from '../../kit/image-upload.tsx';
import { KitForm } from '../../kit/form.tsx';

const COIN_LABEL: Record<RepayCoin, MessageId> = {
  btc: 'loan.coin.btc',
  eth: 'loan.coin.eth',
  usdt_erc20: 'loan.coin.usdt_erc20',
  usdt_trc20: 'loan.coin.usdt_trc20',
};

/** Under this much time left the countdown turns to a warning. */
const LATE_MS = 10_000;

export function RepayForm({
  loan,
  config,
  onDone,
}: {
  loan: LoanView;
  config: LoanConfigView;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const [coin, setCoin] = useState<RepayCoin>(config.coins[0] ?? 'usdt_erc20');
  const [image, setImage] = useState('');
  // the voucher's own error (none chosen), and the server's refusal of the repayment
  const [imageMissing, setImageMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useRepayQuote(loan.id, coin);
  // the quote of the coin shown (a coin change asks for a new one)
  const quote = q.quote?.coin === coin && !q.loading ? q.quote : null;

  const submit = async () => {
    if (image === '') return setImageMissing(true);
    if (quote === null) return;
    setBusy(true);
    const r = await engine.earnCommand('loan-repay', {
      orderId: loan.id,
      coin,
      quoteId: quote.id,
      image,
    });
    setBusy(false);
    if (r.ok) {
      toast.success(r.message !== '' ? r.message : t('loan.repay.done'));
      onDone();
      return;
    }
    setError(failureMessage(r));
    // expired, used or not this loan's: a new quote, and the user checks the amount again
    if (r.code === 'server' && r.type === 'quote') q.renew();
  };

  return (
    <KitForm
      className="earn-form"
      state={{ busy, formError: error }}
      onSubmit={submit}
      submit={{
        label: t('loan.repay.submit'),
        testId: 'loan-repay-submit',
        // no quote yet: nothing to name in the repayment
        disabled: quote === null,
      }}
    >
      <div className="loan-coins" role="radiogroup" aria-label={t('loan.repay.coin')}>
        {config.coins.map((c) => (
          <label key={c} className={`loan-term${coin === c ? ' loan-term--on' : ''}`}>
            <input
              type="radio"
              name="coin"
              value={c}
              checked={coin === c}
              onChange={() => {
                setCoin(c);
                setError(null);
              }}
            />
            <strong>{t(COIN_LABEL[c])}</strong>
          </label>
        ))}
      </div>
      <QuoteReadout loan={loan} coin={coin} q={q} />
      <CollectionAddress address={q.quote?.address ?? config.addresses[coin]} />
      <ImageUpload
        label={t('loan.repay.voucher')}
        value={image}
        onValue={(url) => {
          setImage(url);
          setImageMissing(false);
          setError(null);
        }}
        error={imageMissing ? t('validation.loan.imageRequired') : undefined}
        testId="loan-voucher"
      />
      <p className="muted earn-note">{t('loan.repay.note')}</p>
    </KitForm>
  );
}

interface QuoteState {
  quote: LoanQuoteView | null;
  /** When the quote runs out on this page's clock (the server's time left, from the reply). */
  expiresAt: number;
  loading: boolean;
  error: string | null;
  /** The amount of the quote this one replaced because it ran out, or null. */
  replaced: LoanQuoteView | null;
}

type Quote = QuoteState & { leftMs: number; renew: () => void };

/**
 * The server's quote for `orderId` in `coin`: asked on mount and on a coin change, asked again
 * when it runs out (remembering the one it replaced), and on `renew()`. A failed request is not
 * repeated by itself: the readout offers to ask again.
 */
function useRepayQuote(orderId: number, coin: RepayCoin): Quote {
  const now = useNow(500);
  const [state, setState] = useState<QuoteState>({
    quote: null,
    expiresAt: 0,
    loading: true,
    error: null,
    replaced: null,
  });
  const asked = useRef(0);

  const ask = useCallback(
    (replacing: boolean) => {
      const n = ++asked.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      void engine.earnQuery('loan-quote', { orderId, coin }).then((r) => {
        if (n !== asked.current) return;
        setState((s) =>
          r.ok
            ? {
                quote: r.data,
                expiresAt: Date.now() + r.data.leftMs,
                loading: false,
                error: null,
                replaced: replacing ? s.quote : null,
              }
            : { ...s, quote: null, loading: false, error: failureMessage(r), replaced: null },
        );
      });
    },
    [orderId, coin],
  );

  useEffect(() => {
    ask(false);
    return () => {
      asked.current += 1;
    };
  }, [ask]);

  const leftMs = state.quote === null ? 0 : Math.max(0, state.expiresAt - now);
  const runOut = state.quote !== null && !state.loading && leftMs === 0;
  useEffect(() => {
    if (runOut) ask(true);
  }, [runOut, ask]);

  return { ...state, leftMs, renew: useCallback(() => ask(true), [ask]) };
}

/** What is owed, the quoted price and amount, the countdown, and what happened to the quote. */
function QuoteReadout({ loan, coin, q }: { loan: LoanView; coin: RepayCoin; q: Quote }) {
  const { t, fmt } = useI18n();
  const currency = REPAY_COIN_CURRENCY[coin];
  const quote = q.quote?.coin === coin ? q.quote : null;
  const sendText = (v: LoanQuoteView) =>
    `${fmt.fixed(v.amount, exactDp(v.amount, v.currency === 'USDT' ? 2 : PAYABLE_DP))} ${v.currency}`;
  return (
    <>
      <div className="earn-readout" data-testid="loan-quote" aria-busy={q.loading}>
        <span className="muted">{t('loan.repay.owed')}</span>
        <span>{`${fmt.fixed(loan.owed, exactDp(loan.owed, 2))} USDT`}</span>
        {currency !== 'USDT' && (
          <>
            <span className="muted">{t('loan.repay.price', { coin: currency })}</span>
            <span data-testid="loan-quote-price">
              {quote === null ? '—' : `${fmt.fixed(quote.price, exactDp(quote.price, 2))} USDT`}
            </span>
          </>
        )}
        <span className="muted">{t('loan.repay.payable')}</span>
        <strong className="is-up" data-testid="loan-payable">
          {quote === null ? '—' : sendText(quote)}
        </strong>
        {quote !== null && (
          <>
            <span className="muted">{t('loan.repay.quoteHolds')}</span>
            <strong
              className={`num loan-quote__left${q.leftMs < LATE_MS ? ' loan-quote__left--late' : ''}`}
              role="timer"
              data-testid="loan-quote-left"
            >
              {mss(q.leftMs)}
            </strong>
          </>
        )}
      </div>
      <QuoteStatus q={q} quote={quote} sendText={sendText} />
    </>
  );
}

function QuoteStatus({
  q,
  quote,
  sendText,
}: {
  q: Quote;
  quote: LoanQuoteView | null;
  sendText: (v: LoanQuoteView) => string;
}) {
  const { t } = useI18n();
  if (q.error !== null)
    return (
      <div className="loan-quote__status loan-quote__status--error" role="alert">
        <span>{t('loan.repay.quoteFailed', { message: q.error })}</span>
        <button type="button" className="btn btn--ghost btn--sm" onClick={q.renew}>
          {t('loan.repay.quoteAgain')}
        </button>
      </div>
    );
  if (q.loading)
    return (
      <p className="loan-quote__status muted" role="status">
        {t('loan.repay.quoteLoading')}
      </p>
    );
  // polite live region: a renewed quote is announced, so nobody sends the old amount
  return (
    <p className="loan-quote__status" role="status" data-testid="loan-quote-status">
      {quote !== null && q.replaced !== null
        ? t('loan.repay.quoteRenewed', {
            old: sendText(q.replaced),
            amount: sendText(quote),
          })
        : quote !== null
          ? t('loan.repay.quoteHint', { seconds: quote.ttlSeconds })
          : ''}
    </p>
  );
}

function CollectionAddress({ address }: { address: string }) {
  const { t } = useI18n();
  return (
    <div className="loan-address">
      <span className="field__label">{t('loan.repay.address')}</span>
      <div className="loan-address__row">
        <code data-testid="loan-address">{address === '' ? '—' : address}</code>
        {address !== '' && (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => void copyText(address)}
          >
            {t('wallet.deposit.copy')}
          </button>
        )}
      </div>
    </div>
  );
}

/** m:ss of a remaining time. */
function mss(ms: number): string {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Decimals to show `value` with every digit it has, and at least `min`. */
function exactDp(value: string, min: number): number {
  return Math.max(min, parseDecimal(value)?.decimalPlaces() ?? 0);
}
