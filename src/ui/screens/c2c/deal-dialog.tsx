// The detail modal of one c2c deal (trading-c2c-market.md §2 "My c2c orders with a detail
// modal", §4 states, §7 "buyer and seller have different actions"). The deal is the live row
// (pushes update it while the modal is open). The buyer side pays or cancels while unpaid (a
// countdown to the auto-cancel on the engine clock) and sees the seller's payout details; the
// seller side confirms receipt once paid, which releases the coins. The buyer pays by the ad's
// way only: "Pay to" shows the seller's account of that way, never another (issue 20). A deal
// held from the last page session (offline, issue 25) says as of when, shows no countdown (it
// may be paid or cancelled since) and offers no action until the server answers.
import { useState } from 'react';
import type { C2cDealView, C2cPayout, C2cWay, CommandResult } from '../../../engine/api.ts';
import { AsOfNote } from '../../components/as-of-note.tsx';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { Modal } from '../../kit/modal.tsx';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { useNow } from '../../components/use-now.ts';
import { C2C_DP, DealStateChip, WAY_LABEL, WayBadge } from './c2c-parts.tsx';

type Action = 'pay' | 'cancel' | 'confirm';

/** mm:ss of a remaining time (minutes may pass 59). */
export function mmss(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** What the viewer is waiting for, when they have nothing to do. */
function waitingLine(deal: C2cDealView): MessageId | null {
  if (deal.isSure === 1) return 'c2c.deal.finished';
  if (deal.isSure === 2) return 'c2c.deal.cancelled';
  if (deal.isSure === 0 && deal.side === 'sell') return 'c2c.deal.waitPayment';
  if (deal.isSure === 3 && deal.side === 'buy') return 'c2c.deal.waitRelease';
  return null;
}

function send(deal: C2cDealView, action: Action): Promise<CommandResult> {
  if (action === 'confirm')
    return engine.c2cCommand('confirm', { id: deal.id, isPublisher: deal.isPublisher });
  if (action === 'pay') return engine.c2cCommand('pay', { id: deal.id });
  return engine.c2cCommand('cancel', { id: deal.id });
}

export function DealDialog({
  deal,
  heldAt,
  onClose,
}: {
  deal: C2cDealView;
  /** The time of the held list the deal is from (null: live). */
  heldAt: number | null;
  onClose: () => void;
}) {
  const { t, fmt } = useI18n();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  const run = async (action: Action): Promise<void> => {
    setBusy(true);
    setNotice(null); // emptied first: the same reply twice is read twice
    const r = await send(deal, action);
    setBusy(false);
    setAsking(null);
    // the native dialog sits above the toasts: the reply is shown in the modal
    setNotice(
      r.ok
        ? { ok: true, text: r.message !== '' ? r.message : t('c2c.deal.done') }
        : { ok: false, text: failureMessage(r) },
    );
  };

  const coin = deal.currency;
  const number = fmt.fixed(deal.number, C2C_DP);
  const money = fmt.fixed(deal.money, C2C_DP);
  const isBuyer = deal.side === 'buy';

  const confirmText: Record<Action, { title: string; body: string; sure: string }> = {
    pay: {
      title: t('c2c.pay.title'),
      body: t('c2c.pay.body', { money, number, coin }),
      sure: t('c2c.deal.pay'),
    },
    cancel: {
      title: t('c2c.cancel.title'),
      body: t('c2c.cancel.body', { id: deal.id }),
      sure: t('c2c.deal.cancel'),
    },
    confirm: {
      title: t('c2c.confirm.title', { number, coin }),
      body: t('c2c.confirm.body', { money, number, coin }),
      sure: t('c2c.confirm.sure'),
    },
  };

  return (
    <>
      <Modal
        open
        title={
          isBuyer
            ? t('c2c.deal.titleBuy', { number, coin })
            : t('c2c.deal.titleSell', { number, coin })
        }
        onClose={onClose}
        testId="c2c-deal-dialog"
        className={`c2c-deal${heldAt !== null ? ' c2c-deal--held' : ''}`}
        closeLabel={t('common.close')}
        beside={<DealStateChip isSure={deal.isSure} />}
        data={{ 'data-deal-id': deal.id, 'data-sure': deal.isSure }}
      >
        {heldAt !== null && <AsOfNote at={heldAt} />}
        {heldAt === null && deal.isSure === 0 && deal.deadline !== null && (
          <Countdown deadline={deal.deadline} />
        )}

        <div className="c2c-deal__amount">
          <span className="muted">{t('c2c.col.amount')}</span>
          <strong className={`num ${isBuyer ? 'is-up' : 'is-down'}`}>
            {money}
            <span className="c2c-unit">{t('c2c.cny')}</span>
          </strong>
        </div>

        <DealFacts deal={deal} />

        {isBuyer && deal.isSure !== 2 && <PayTo payTo={deal.payTo} way={deal.way} money={money} />}

        <DealStatus deal={deal} money={money} notice={notice} />
        <DealActions deal={deal} busy={busy} held={heldAt !== null} onAsk={setAsking} />
      </Modal>
      {asking !== null && (
        <ConfirmDialog
          open
          title={confirmText[asking].title}
          body={confirmText[asking].body}
          confirmLabel={confirmText[asking].sure}
          cancelLabel={t('c2c.deal.back')}
          busy={busy}
          onConfirm={() => void run(asking)}
          onClose={() => {
            if (!busy) setAsking(null);
          }}
        />
      )}
    </>
  );
}

function DealFacts({ deal }: { deal: C2cDealView }) {
  const { t, fmt } = useI18n();
  const isBuyer = deal.side === 'buy';
  const coin = deal.currency;
  const number = fmt.fixed(deal.number, C2C_DP);
  return (
    <dl className="c2c-facts">
      <div>
        <dt>{t('c2c.col.price')}</dt>
        <dd className="num">
          {fmt.fixed(deal.price, C2C_DP)}
          <span className="c2c-unit">{t('c2c.cny')}</span>
        </dd>
      </div>
      <div>
        <dt>{t('c2c.col.number')}</dt>
        <dd className="num">
          {number}
          <span className="c2c-unit">{coin}</span>
        </dd>
      </div>
      <div>
        <dt>{t('c2c.col.payment')}</dt>
        <dd>
          <WayBadge way={deal.way} />
        </dd>
      </div>
      <div>
        <dt>{isBuyer ? t('c2c.deal.seller') : t('c2c.deal.buyer')}</dt>
        <dd>{deal.counterpartyName}</dd>
      </div>
      <div>
        <dt>{t('c2c.col.id')}</dt>
        <dd className="num">{deal.id}</dd>
      </div>
      <div>
        <dt>{t('c2c.col.time')}</dt>
        <dd className="num">{fmt.dateTime(deal.createTime)}</dd>
      </div>
    </dl>
  );
}

function DealStatus({
  deal,
  money,
  notice,
}: {
  deal: C2cDealView;
  money: string;
  notice: { ok: boolean; text: string } | null;
}) {
  const { t } = useI18n();
  const waiting = waitingLine(deal);
  const canConfirm = deal.side === 'sell' && deal.isSure === 3;
  return (
    <>
      {waiting !== null && (
        <p className="c2c-deal__status" role="status">
          {t(waiting)}
        </p>
      )}
      {canConfirm && (
        <p className="c2c-deal__status c2c-deal__status--warn" role="status">
          {t('c2c.deal.checkPayment', { money })}
        </p>
      )}
      {/* present before the reply, so the reply is read (a status inserted with its text
          often is not); the dialog is modal, so the page's own regions are inert meanwhile */}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="c2c-deal-notice">
        {notice !== null && (
          <p className={notice.ok ? 'c2c-deal__notice' : 'form-error'}>{notice.text}</p>
        )}
      </div>
    </>
  );
}

function DealActions({
  deal,
  busy,
  held,
  onAsk,
}: {
  deal: C2cDealView;
  busy: boolean;
  /** The deal is as of an earlier page session: it may have moved on, nothing acts on it. */
  held: boolean;
  onAsk: (action: Action) => void;
}) {
  const { t } = useI18n();
  const off = busy || held;
  const canPay = deal.side === 'buy' && deal.isSure === 0;
  const canConfirm = deal.side === 'sell' && deal.isSure === 3;
  if (!canPay && !canConfirm) return null;
  return (
    <div className="dialog__actions c2c-deal__actions">
      {canPay && (
        <>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            data-testid="c2c-cancel"
            disabled={off}
            onClick={() => onAsk('cancel')}
          >
            {t('c2c.deal.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary btn--sm"
            data-testid="c2c-pay"
            disabled={off}
            onClick={() => onAsk('pay')}
          >
            {t('c2c.deal.pay')}
          </button>
        </>
      )}
      {canConfirm && (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          data-testid="c2c-confirm"
          disabled={off}
          onClick={() => onAsk('confirm')}
        >
          {t('c2c.deal.confirm')}
        </button>
      )}
    </div>
  );
}

/** Time left before an unpaid deal cancels itself (engine clock; replay clock under replay). */
function Countdown({ deadline }: { deadline: number }) {
  const { t } = useI18n();
  const left = Math.max(0, deadline - useNow(1000));
  return (
    <div className={`c2c-deadline${left < 60_000 ? ' c2c-deadline--late' : ''}`}>
      <span className="muted">{t('c2c.deal.deadline')}</span>
      <strong className="num" role="timer" data-testid="c2c-deadline">
        {mmss(left)}
      </strong>
      <span className="muted c2c-deadline__hint">{t('c2c.deal.deadlineHint')}</span>
    </div>
  );
}

/** The seller side's account of the deal's way, and the name (shown to the buyer side only). */
function PayTo({ payTo, way, money }: { payTo: C2cPayout | null; way: C2cWay; money: string }) {
  const { t } = useI18n();
  if (payTo === null)
    return <p className="c2c-payto c2c-payto--missing muted">{t('c2c.deal.payToMissing')}</p>;
  const account = wayLine(payTo, way, t(WAY_LABEL[way]));
  if (account === null)
    return (
      <p className="c2c-payto c2c-payto--missing" role="alert" data-testid="c2c-payto-missing">
        {t('c2c.deal.payToWayMissing', { way })}
      </p>
    );
  const lines: { key: string; label: string; value: string }[] = [];
  if (payTo.realName !== '')
    lines.push({ key: 'name', label: t('c2c.deal.realName'), value: payTo.realName });
  lines.push(account);
  return (
    <section className="c2c-payto" aria-label={t('c2c.deal.payTo')}>
      <h3 className="c2c-payto__title">{t('c2c.deal.payTo')}</h3>
      <dl className="c2c-payto__list">
        {lines.map((l) => (
          <div key={l.key} data-payto={l.key}>
            <dt>{l.label}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
      </dl>
      <p className="c2c-payto__note muted">{t('c2c.deal.payNote', { money })}</p>
    </section>
  );
}

/** The line of `way` in payout details (`label`: the way's name), or null without that account. */
function wayLine(
  payTo: C2cPayout,
  way: C2cWay,
  label: string,
): { key: string; label: string; value: string } | null {
  if (way === 'bank')
    return payTo.bankAccount === ''
      ? null
      : {
          key: 'bank',
          label: payTo.bankName !== '' ? payTo.bankName : label,
          value: payTo.bankAccount,
        };
  if (way === 'ali_pay')
    return payTo.alipayAccount === '' ? null : { key: 'alipay', label, value: payTo.alipayAccount };
  if (payTo.wechatAccount === '') return null;
  const value = [payTo.wechatAccount, payTo.wechatNickname].filter((v) => v !== '').join(' · ');
  return { key: 'wechat', label, value };
}
