// The user's leveraged positions (trading-c2c-market.md §2 "Leverage positions page", §4):
// tabs holding (1), pending entrusts (0), closed (3) and revoked (4) of the watched pair, read
// from the `lever` signal (holding and entrusts are replaced every second by the server's
// `lever_trade` push). The head shows the live risk rate and the floating P&L; a bar warns
// when the rate nears the liquidation line (contract §5.6). Holdings can get take-profit /
// stop-loss or be closed, entrusts revoked, and every holding closed at once (batch close).
// Closed and revoked page by 10 (spec §9). Visitors see a login prompt. The tables are in
// lever-tables.tsx. Positions held from the last page session (offline, issue 25) cannot be
// acted on: their rows' buttons and the batch close are disabled until the server answers.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { LeverTab, LeverView } from '../../../engine/api.ts';
import { parseDecimal } from '../../../shared/decimal.ts';
import { useFocusKeeper } from '../../components/focus-keeper.ts';
import { lever, session } from '../../engine-bridge/signals.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n, type I18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';
import { ROUTE_PATH } from '../../route-paths.ts';
import '../../styles/lever.css';
import { TAB_LABEL, TabBody } from './lever-tables.tsx';
import { ExportCsvButton } from '../../kit/export-csv-button.tsx';
import { leverExport } from './lever-csv.ts';
import { PendingDialog, useActions, type BatchType } from './lever-position-flow.tsx';
import { riskOf, type RiskLevel } from './lever-risk.ts';
import { closeRequest } from './position-selection.ts';
import { DASH, SignedValue } from './stop-dialog.tsx';

/** Where the lever account is funded (wallet-account-earn.md: the lever transfer page). */
export const LEVER_TRANSFER_PATH = '/new_account/transfer';

/** A percent figure as short as it is exact (to 2 decimals): "10", "12.5". */
export function percentText(fmt: I18n['fmt'], value: string): string {
  const dp = Math.min(parseDecimal(value)?.decimalPlaces() ?? 0, 2);
  return fmt.fixed(value, dp);
}

const TABS: readonly LeverTab[] = ['holding', 'entrusts', 'closed', 'revoked'];

export interface LeverPositionsProps {
  /** The trading screen's variant: fee and time columns hidden, the body scrolls in the panel. */
  compact?: boolean;
}

export function LeverPositions({ compact = false }: LeverPositionsProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [tab, setTab] = useState<LeverTab>('holding');
  const loggedIn = useSignalValue(session).loggedIn;
  const view = useSignalValue(lever);
  const flow = useActions(view);
  const tabsId = useId();
  const { onClose } = flow.actions;
  // the hotkey's "close the selected position": the same flow as the row's Close button
  useEffect(
    () =>
      closeRequest.subscribe((r) => {
        if (r !== null) onClose(r.id);
      }),
    [onClose],
  );
  const risk = riskOf(view);
  // a closed position's or revoked entrust's row goes with its button: focus stays in the list
  const box = useRef<HTMLElement>(null);
  useFocusKeeper(box);

  return (
    <section
      ref={box}
      className={`lever-panel lever-positions ${compact ? 'lever-positions--compact' : ''}`}
      aria-label={t('lever.positions.label')}
      data-testid="lever-positions"
    >
      <header className="lever-panel__head">
        <PositionTabs tab={tab} onTab={setTab} view={view} loggedIn={loggedIn} idBase={tabsId} />
        {loggedIn && (
          <div className="lever-positions__tools">
            <RiskFigures risk={risk} />
            <ExportCsvButton spec={leverExport(tab, i18n)} />
            {tab === 'holding' && (
              <BatchButtons
                disabled={
                  view.holding.held || (risk.rate === null && view.holding.rows.length === 0)
                }
                onBatch={flow.askBatch}
              />
            )}
          </div>
        )}
      </header>
      {loggedIn && <RiskWarning level={risk.level} line={risk.line} />}
      <div
        className="lever-positions__body"
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${tab}`}
      >
        {loggedIn ? (
          <TabBody tab={tab} view={view} compact={compact} actions={flow.actions} />
        ) : (
          <LoginPrompt />
        )}
      </div>
      <PendingDialog view={view} flow={flow} />
    </section>
  );
}

// ---- Head ----------------------------------------------------------------------------------

function PositionTabs({
  tab,
  onTab,
  view,
  loggedIn,
  idBase,
}: {
  tab: LeverTab;
  onTab: (tab: LeverTab) => void;
  view: LeverView;
  loggedIn: boolean;
  idBase: string;
}) {
  const { t } = useI18n();
  const refs = useRef<Partial<Record<LeverTab, HTMLButtonElement | null>>>({});
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'holding';
    onTab(next);
    refs.current[next]?.focus();
  };
  const label = (name: LeverTab): string => {
    const count = view[name].rows.length;
    if (!loggedIn || !(view[name].loaded || view[name].held)) return t(TAB_LABEL[name]);
    if (name === 'holding') return t('lever.positions.tab.holdingCount', { count });
    if (name === 'entrusts') return t('lever.positions.tab.entrustsCount', { count });
    return t(TAB_LABEL[name]);
  };
  return (
    <div
      className="lever-tabs"
      role="tablist"
      aria-label={t('lever.positions.tabs')}
      onKeyDown={onKey}
    >
      {TABS.map((name) => (
        <button
          key={name}
          ref={(el) => {
            refs.current[name] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-${name}`}
          aria-selected={tab === name}
          aria-controls={`${idBase}-panel`}
          tabIndex={tab === name ? 0 : -1}
          className={`lever-tabs__tab ${tab === name ? 'is-active' : ''}`}
          data-testid={`lever-tab-${name}`}
          onClick={() => onTab(name)}
        >
          {label(name)}
        </button>
      ))}
    </div>
  );
}

type Risk = ReturnType<typeof riskOf>;

/** Risk rate (coloured by its distance to the line) and the floating P&L. */
function RiskFigures({ risk }: { risk: Risk }) {
  const { t, fmt } = useI18n();
  return (
    <dl className="lever-figures">
      <div
        className="lever-figures__item"
        title={t('lever.risk.hint', { line: percentText(fmt, risk.line) })}
      >
        <dt>{t('lever.risk.rate')}</dt>
        <dd
          className={`num lever-risk lever-risk--${risk.level}`}
          data-testid="lever-risk"
          data-level={risk.level}
        >
          {risk.rate === null ? (
            <span title={t('lever.risk.none')}>{DASH}</span>
          ) : (
            t('lever.risk.rateValue', { rate: fmt.fixed(risk.rate, 2) })
          )}
        </dd>
      </div>
      <div className="lever-figures__item">
        <dt>{t('lever.risk.profits')}</dt>
        <dd className="num" data-testid="lever-profits-all">
          {risk.profits === null ? DASH : <SignedValue value={risk.profits} />}
        </dd>
      </div>
    </dl>
  );
}

/** Within 50 points of the liquidation line a warning, within 20 an alarm (contract §5.6). */
export function RiskWarning({ level, line }: { level: RiskLevel; line: string }) {
  const { t, fmt } = useI18n();
  if (level !== 'warn' && level !== 'danger') return null;
  const values = { line: percentText(fmt, line) };
  return (
    <div
      className={`lever-alert lever-alert--${level}`}
      role={level === 'danger' ? 'alert' : 'status'}
      data-testid="lever-risk-warning"
      data-level={level}
    >
      <WarnIcon />
      <p>{t(level === 'danger' ? 'lever.risk.danger' : 'lever.risk.warn', values)}</p>
      <Link className="lever-alert__link" to={LEVER_TRANSFER_PATH}>
        {t('lever.page.transfer')}
      </Link>
    </div>
  );
}

function WarnIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 16 16"
      aria-hidden="true"
      className="lever-alert__icon"
    >
      <path d="M8 1.5 15 14H1L8 1.5z" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M8 6v4M8 11.5v1" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

const BATCH: readonly { type: BatchType; label: MessageId; testId: string }[] = [
  { type: 0, label: 'lever.batch.all', testId: 'lever-batch-close-all' },
  { type: 1, label: 'lever.batch.long', testId: 'lever-batch-close-long' },
  { type: 2, label: 'lever.batch.short', testId: 'lever-batch-close-short' },
];

function BatchButtons({
  disabled,
  onBatch,
}: {
  disabled: boolean;
  onBatch: (type: BatchType) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="lever-batch" role="group" aria-label={t('lever.batch.label')}>
      {BATCH.map((b) => (
        <button
          key={b.type}
          type="button"
          className="lever-btn"
          disabled={disabled}
          data-testid={b.testId}
          onClick={() => onBatch(b.type)}
        >
          {t(b.label)}
        </button>
      ))}
    </div>
  );
}

function LoginPrompt() {
  const { t } = useI18n();
  return (
    <div className="lever-login" data-testid="lever-login-prompt">
      <span className="muted">{t('lever.positions.loginPrompt')}</span>
      <div className="lever-login__actions">
        <Link className="btn btn--primary btn--sm" to={ROUTE_PATH.login}>
          {t('lever.positions.login')}
        </Link>
        <Link className="btn btn--ghost btn--sm" to={ROUTE_PATH.register}>
          {t('lever.positions.register')}
        </Link>
      </div>
    </div>
  );
}
