// Pieces the c2c screens share (trading-c2c-market.md §2 "c2c screens"): the page frame with
// its sub-navigation, the watch of the c2c data, pay-way badges, state chips, the 997 / 998
// gates (§8), and the user's payout details for a way (the seller side is paid by the ad's way
// only, issue 20). The lists are on the kit's record table (kit/live-list.ts).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { C2cType, C2cWay, CommandResult } from '../../../engine/api.ts';
import { canBePaidBy } from '../../../shared/c2c.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { c2c } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { ROUTE_PATH } from '../../route-paths.ts';
import { toast } from '../../toast/toast.ts';
import '../../styles/c2c.css';

/** Spec §9: c2c quantities (and CNY prices / amounts) with 2 decimals. */
export const C2C_DP = 2;
/** Spec §8: the pause between a message and the page it leads to. */
export const REDIRECT_MS = 500;
/** Spec §3 text: unpaid orders auto-cancel after 15 minutes; three cancels a day restrict c2c. */
const SPEC_PAY_MINUTES = 15;
const SPEC_CANCEL_LIMIT = 3;
/** Shown for a figure that cannot be computed. */
export const DASH = '—';

export const C2C_PATH = {
  market: '/legalTrade',
  publish: '/c2c',
  myAds: '/c2cRelease',
  orders: '/c2cOrder',
} as const;

const ORDER_PATHS: readonly string[] = ['/c2cOrder', '/c2cTrade', '/c2cDetail'];

export const WAYS: readonly C2cWay[] = ['ali_pay', 'we_chat', 'bank'];

export const WAY_LABEL: Record<C2cWay, MessageId> = {
  bank: 'c2c.way.bank',
  we_chat: 'c2c.way.we_chat',
  ali_pay: 'c2c.way.ali_pay',
};

export const TYPE_LABEL: Record<C2cType, MessageId> = {
  buy: 'c2c.type.buy',
  sell: 'c2c.type.sell',
};

/** Deal states (spec §4): 0 awaiting payment, 3 paid, 1 finished, 2 cancelled. */
export const DEAL_STATE: Record<number, { label: MessageId; tone: ChipTone }> = {
  0: { label: 'c2c.state.unpaid', tone: 'warn' },
  3: { label: 'c2c.state.paid', tone: 'info' },
  1: { label: 'c2c.state.finished', tone: 'up' },
  2: { label: 'c2c.state.cancelled', tone: 'muted' },
};

/** Ad states: 0 open, 1 taken, 2 withdrawn. */
export const AD_STATE: Record<number, { label: MessageId; tone: ChipTone }> = {
  0: { label: 'c2c.ads.open', tone: 'up' },
  1: { label: 'c2c.ads.taken', tone: 'info' },
  2: { label: 'c2c.ads.withdrawn', tone: 'muted' },
};

export type ChipTone = 'warn' | 'info' | 'up' | 'down' | 'muted';

/** number × price, for the read-outs (the server's own amount is shown where it has one). */
export function moneyOf(number: string, price: string): string | null {
  const n = parseDecimal(number);
  const p = parseDecimal(price);
  return n === null || p === null ? null : n.mul(p).toFixed();
}

/** The page frame: title, sub-navigation, content. */
export function C2cPage({
  title,
  testId,
  actions,
  children,
}: {
  title: string;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="page c2c" data-testid={testId}>
      <C2cNav />
      <header className="c2c__head">
        <h1 className="c2c__title">{title}</h1>
        {actions}
      </header>
      <C2cRules />
      {children}
    </section>
  );
}

/** The rules with the server's numbers, and the user's cancellations today once known. */
function C2cRules() {
  const { t } = useI18n();
  const limits = useSignalValue(c2c).limits;
  const minutes = limits?.payMinutes ?? SPEC_PAY_MINUTES;
  const limit = limits?.cancelLimit ?? SPEC_CANCEL_LIMIT;
  const reached = limits !== null && limits.cancelToday >= limits.cancelLimit;
  return (
    <div className={`c2c-rules${reached ? ' c2c-rules--reached' : ''}`} data-testid="c2c-rules">
      <span>{t('c2c.rules.window', { minutes })}</span>
      <span>{t('c2c.rules.limit', { limit })}</span>
      {limits !== null && (
        <strong className="c2c-rules__count" data-testid="c2c-cancel-count">
          {reached
            ? t('c2c.rules.reached', { count: limits.cancelToday, limit })
            : t('c2c.rules.count', { count: limits.cancelToday, limit })}
        </strong>
      )}
    </div>
  );
}

function C2cNav() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const items: { to: string; label: string; active: boolean }[] = [
    { to: C2C_PATH.market, label: t('c2c.nav.market'), active: pathname === C2C_PATH.market },
    { to: C2C_PATH.publish, label: t('c2c.nav.publish'), active: pathname === C2C_PATH.publish },
    { to: C2C_PATH.myAds, label: t('c2c.nav.myAds'), active: pathname === C2C_PATH.myAds },
    { to: C2C_PATH.orders, label: t('c2c.nav.orders'), active: ORDER_PATHS.includes(pathname) },
  ];
  return (
    <nav className="c2c-nav" aria-label={t('c2c.nav.label')}>
      <ul className="c2c-nav__list">
        {items.map((it) => (
          <li key={it.to}>
            <Link
              to={it.to}
              className={`c2c-nav__link${it.active ? ' c2c-nav__link--active' : ''}`}
              aria-current={it.active ? 'page' : undefined}
            >
              {it.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Fetch the c2c data again with the market filter the engine has (the error states' retry). */
export function retryC2c(): void {
  const m = c2c.peek().market;
  void engine.watchC2c({ type: m.type, currencyId: m.currencyId });
}

/**
 * Watch the c2c data while the screen is mounted (`watchC2c(null)` on unmount). Screens other
 * than the market keep the market filter the engine already has.
 */
export function useC2cWatch(filter: { type: C2cType; currencyId: number | null } | 'keep'): void {
  const type = filter === 'keep' ? null : filter.type;
  const currencyId = filter === 'keep' ? undefined : filter.currencyId;
  useEffect(() => {
    const m = c2c.peek().market;
    void engine.watchC2c(
      type === null
        ? { type: m.type, currencyId: m.currencyId }
        : { type, currencyId: currencyId ?? null },
    );
  }, [type, currencyId]);
  useEffect(() => () => void engine.watchC2c(null), []);
}

/** Call a function later (cleared when the screen unmounts). */
export function useLater(): (fn: () => void, ms: number) => void {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      for (const id of timers.current) clearTimeout(id);
    },
    [],
  );
  return useCallback((fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  }, []);
}

type Failure = Exclude<CommandResult, { ok: true }>;

/**
 * Spec §8: 997 (no payout details) shows the message then goes to /userSetting after 0.5 s;
 * 998 (identity not approved) to /authentication. Returns whether the failure was one of them.
 */
export function useC2cGates(): (r: Failure) => boolean {
  const navigate = useNavigate();
  const later = useLater();
  return useCallback(
    (r: Failure) => {
      if (r.code !== 'server' || (r.type !== '997' && r.type !== '998')) return false;
      toast.error(failureMessage(r));
      const to = r.type === '997' ? ROUTE_PATH.userSetting : '/authentication';
      later(() => void navigate(to), REDIRECT_MS);
      return true;
    },
    [navigate, later],
  );
}

/**
 * Whether the user's payout details can receive a payment by `way`, asked while `way` is not
 * null: null until answered; true when they cannot be read (the server decides then).
 */
export function usePaidBy(way: C2cWay | null): boolean | null {
  const [answer, setAnswer] = useState<{ way: C2cWay; ok: boolean } | null>(null);
  useEffect(() => {
    if (way === null) return undefined;
    let live = true;
    void engine.accountQuery('cash-info', {}).then((r) => {
      if (live) setAnswer({ way, ok: !r.ok || canBePaidBy(r.data, way) });
    });
    return () => {
      live = false;
    };
  }, [way]);
  return answer !== null && answer.way === way ? answer.ok : null;
}

/** The way's account is missing from the payout details: what to do, and the link to add it. */
export function PayoutWayMissing({ way, text }: { way: C2cWay; text: string }) {
  const { t } = useI18n();
  return (
    <p className="c2c-way-missing" role="alert" data-testid="c2c-way-missing">
      <span>{text}</span>
      <Link to={ROUTE_PATH.userSetting} className="c2c-way-missing__link">
        {t('c2c.payout.add', { way })}
      </Link>
    </p>
  );
}

export function WayBadge({ way }: { way: C2cWay }) {
  const { t } = useI18n();
  return (
    <span className={`c2c-way c2c-way--${way}`}>
      <WayIcon way={way} />
      <span>{t(WAY_LABEL[way])}</span>
    </span>
  );
}

export function WayIcon({ way }: { way: C2cWay }) {
  return (
    <svg className="c2c-way__icon" width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      {way === 'bank' && (
        <>
          <rect x="1" y="3" width="14" height="10" rx="1.5" fill="none" stroke="currentColor" />
          <path d="M1 6.5h14" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3.5 10.5h3" stroke="currentColor" />
        </>
      )}
      {way === 'we_chat' && (
        <>
          <path
            d="M6.5 2C3.5 2 1 4 1 6.5c0 1.4.8 2.6 2 3.4L2.5 12l2.3-1.2c.5.1 1.1.2 1.7.2 3 0 5.5-2 5.5-4.5S9.5 2 6.5 2z"
            fill="currentColor"
          />
          <circle cx="4.6" cy="6" r=".8" fill="var(--panel)" />
          <circle cx="8.2" cy="6" r=".8" fill="var(--panel)" />
        </>
      )}
      {way === 'ali_pay' && (
        <>
          <rect x="1" y="1" width="14" height="14" rx="3" fill="currentColor" />
          <path
            d="M4 5h8M8 3.5V9M5 7.5h6c-.6 2.5-2.8 4.4-6 5M7 9.5c1.6.9 3.6 1.8 6 2.3"
            stroke="var(--panel)"
            strokeWidth="1.3"
            fill="none"
            strokeLinecap="round"
          />
        </>
      )}
    </svg>
  );
}

export function Chip({ tone, children }: { tone: ChipTone; children: ReactNode }) {
  return <span className={`c2c-chip c2c-chip--${tone}`}>{children}</span>;
}

export function DealStateChip({ isSure }: { isSure: number }) {
  const { t } = useI18n();
  const s = DEAL_STATE[isSure] ?? DEAL_STATE[0];
  if (s === undefined) return null;
  return <Chip tone={s.tone}>{t(s.label)}</Chip>;
}

export function TypeTag({ type }: { type: C2cType }) {
  const { t } = useI18n();
  return (
    <span className={`c2c-type ${type === 'buy' ? 'is-up' : 'is-down'}`}>
      {t(TYPE_LABEL[type])}
    </span>
  );
}
