// The contracts screen's hotkeys (issue 24): keys go to the long or the short form, close the
// selected holding (a click on its row selects it; with one holding, that one) through the
// positions list's own close flow — the spec's confirm and the Close button's command — and
// switch to the next or previous pair; `?` opens the key sheet. A contract template's key (issue
// 44, ADR 0066) makes its order from the live mark — market, limit, stop-limit or stop-market,
// sized in hands at a multiple — and places it through the ticket's own engine command, after
// the trader's confirm when "confirm each hotkey order" is on (the default).
import { useCallback, useState, type ReactNode } from 'react';
import type { LeverTemplate, LeverTemplateResult } from '../../../shared/lever-templates.ts';
import { leverTemplateOrder } from '../../../shared/lever-templates.ts';
import { engine } from '../../engine-bridge/bridge.ts';
import { lever, session, tickerSignal } from '../../engine-bridge/signals.ts';
import { HotkeySheet } from '../../hotkeys/hotkey-sheet.tsx';
import { focusField, usePairStep } from '../../hotkeys/screen-keys.ts';
import { useHotkeys } from '../../hotkeys/use-hotkeys.ts';
import { failureMessage } from '../../i18n/result-message.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { toast } from '../../toast/toast.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { workspace } from '../../workspace.ts';
import { closeRequest, positionToClose, selectedPosition } from './position-selection.ts';
import { useLeverOrderText } from '../../hotkeys/lever-template-text.ts';

const LEVER_ACTIONS = ['focusBuy', 'focusSell', 'closePosition', 'nextPair', 'prevPair'] as const;

const WHY = {
  noPrice: 'hotkeys.template.noPrice',
  multiple: 'hotkeys.lever.noMultiple',
  reached: 'hotkeys.template.reached',
} as const;

export type LeverPlaced = Extract<LeverTemplateResult, { ok: true }>;

export function useLeverHotkeys(
  meta: PairMeta,
  onSelect: (symbol: string) => void,
): { openSheet: () => void; dialogs: ReactNode } {
  const { t } = useI18n();
  const [sheet, setSheet] = useState(false);
  const [pending, setPending] = useState<LeverPlaced | null>(null);
  const describe = useLeverOrderText(meta);

  const close = useCallback((): void => {
    if (!session.peek().loggedIn) return void toast.error(t('hotkeys.loginFirst'));
    const { holding } = lever.peek();
    // held positions (an earlier page session's) may be closed since: not acted on
    if (holding.held) return void toast.info(t('hotkeys.heldPositions'));
    if (holding.rows.length === 0) return void toast.info(t('lever.positions.empty.holding'));
    const id = positionToClose(holding.rows, selectedPosition.peek());
    if (id === null) return void toast.info(t('hotkeys.noPosition'));
    closeRequest.value = { id };
  }, [t]);

  const place = useCallback(
    async (o: LeverPlaced): Promise<void> => {
      const r = await engine.leverCommand(
        'submit',
        {
          side: o.side,
          mode: o.mode,
          multiple: o.multiple,
          share: o.share,
          price: o.price,
          ...(o.trigger === null ? {} : { stopPrice: o.trigger.price, stopKind: o.trigger.kind }),
        },
        () => toast.info(t('spot.form.unknown')),
      );
      if (r.ok) toast.success(r.message !== '' ? r.message : t('hotkeys.placedOther'));
      else toast.error(failureMessage(r));
    },
    [t],
  );

  const template = useCallback(
    (tpl: LeverTemplate): void => {
      if (!session.peek().loggedIn) return void toast.error(t('hotkeys.loginFirst'));
      const deal = lever.peek().deal;
      if (deal === null || deal.symbol !== meta.symbol) return void toast.error(t(WHY.noPrice));
      const mark = tickerSignal(meta.symbol).peek()?.markPrice ?? deal.markPrice ?? null;
      const o = leverTemplateOrder(tpl, mark, deal);
      if (!o.ok) return void toast.error(t(WHY[o.reason]));
      if (workspace.peek().hotkeys.confirm) setPending(o);
      else void place(o);
    },
    [meta.symbol, place, t],
  );

  const step = usePairStep(meta.symbol, onSelect);

  useHotkeys({
    leverTemplate: template,
    focusBuy: () => focusField('lever-form-long', 'share'),
    focusSell: () => focusField('lever-form-short', 'share'),
    closePosition: close,
    nextPair: () => step(1),
    prevPair: () => step(-1),
    help: () => setSheet(true),
  });

  const dialogs = (
    <>
      <HotkeySheet
        open={sheet}
        onClose={() => setSheet(false)}
        actions={LEVER_ACTIONS}
        templates={false}
        leverTemplates
        base={meta.base}
      />
      <ConfirmDialog
        open={pending !== null}
        title={t('hotkeys.confirm.title')}
        body={pending === null ? '' : describe(pending)}
        confirmLabel={t('spot.cancel.sure')}
        cancelLabel={t('spot.cancel.dismiss')}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p !== null) void place(p);
        }}
        onClose={() => setPending(null)}
        testId="hotkey-confirm"
      />
    </>
  );
  return { openSheet: useCallback(() => setSheet(true), []), dialogs };
}
