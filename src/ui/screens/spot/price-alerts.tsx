// Price alerts on the spot screen (issue 25): a small button by the pair's name opens the house
// dialog (a native modal <dialog>: focus kept inside, Escape closes it, focus goes back to the
// button). A logged-in user sets an alert on the pair ("rises above" / "falls below" a price)
// and sees the waiting alerts of every pair, with a remove button each and the count "n of 20";
// a visitor is asked to log in. The alerts live on the server: when one fires, the user gets an
// `alert.price` notification. Results are announced politely from inside the dialog (a toast
// would sit under the modal, inert, and not be read).
import { useState } from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../../components/line-icon.tsx';
import { session, tickerSignal } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { Modal } from '../../kit/modal.tsx';
import { ROUTE_PATH } from '../../route-paths.ts';
import '../../styles/price-alerts.css';
import { PriceAlertBody } from './price-alert-body.tsx';
import type { PairMeta } from '../../trading/pair-meta.ts';

/** The button by the pair's name, and the dialog it opens. */
export function PriceAlertButton({ meta }: { meta: PairMeta }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const pair = `${meta.base}/${meta.quote}`;
  return (
    <>
      <button
        type="button"
        className="stats__alert"
        aria-haspopup="dialog"
        title={t('spot.alert.openHint', { pair })}
        data-testid="price-alert-open"
        onClick={() => setOpen(true)}
      >
        <LineIcon>
          <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
          <path d="M10 20.5a2 2 0 0 0 4 0" />
        </LineIcon>
        <span className="stats__alert-text">{t('spot.alert.open')}</span>
      </button>
      <PriceAlertDialog meta={meta} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

interface DialogProps {
  meta: PairMeta;
  open: boolean;
  onClose: () => void;
}

/**
 * Kept mounted so that closing goes through `dialog.close()` (which gives the focus back to the
 * button); its content exists only while open. The focus starts on the price field (a visitor's
 * prompt has none: the first control), and moves there when the session turns out logged in.
 */
function PriceAlertDialog({ meta, open, onClose }: DialogProps) {
  const { t } = useI18n();
  const loggedIn = useSignalValue(session).loggedIn;
  const pair = `${meta.base}/${meta.quote}`;
  return (
    <Modal
      open={open}
      title={t('spot.alert.title', { pair })}
      onClose={onClose}
      testId="price-alert-dialog"
      className="alert-dialog"
      initialFocus={loggedIn ? 'input[name="alert-price"]' : undefined}
    >
      <LastPrice meta={meta} />
      {loggedIn ? <PriceAlertBody meta={meta} /> : <LoginPrompt />}
    </Modal>
  );
}

/** The pair's last price, live while the dialog is open. */
function LastPrice({ meta }: { meta: PairMeta }) {
  const { t, fmt } = useI18n();
  const ticker = useSignalValue(tickerSignal(meta.symbol));
  return (
    <p className="alert-dialog__last">
      <span className="muted">{t('spot.stats.last')}</span>{' '}
      <span className="num" data-testid="price-alert-last">
        {ticker === null
          ? '--'
          : t('spot.form.amountWithUnit', {
              value: fmt.fixed(ticker.price, meta.pricePrecision),
              currency: meta.quote,
            })}
      </span>
    </p>
  );
}

function LoginPrompt() {
  const { t } = useI18n();
  return (
    <div className="alert-dialog__login" data-testid="price-alert-login">
      <p>{t('spot.alert.loginPrompt')}</p>
      <div className="dialog__actions">
        <Link className="btn btn--ghost btn--sm" to={ROUTE_PATH.register}>
          {t('spot.form.register')}
        </Link>
        <Link className="btn btn--primary btn--sm" to={ROUTE_PATH.login}>
          {t('spot.form.login')}
        </Link>
      </div>
    </div>
  );
}
