// The contracts screen's hotkeys (issue 24): keys go to the long or the short form, close the
// selected holding (a click on its row selects it; with one holding, that one) through the
// positions list's own close flow — the spec's confirm and the Close button's command — and
// switch to the next or previous pair; `?` opens the key sheet. Order templates are the spot
// screen's: a contract order is sized in hands and multiples, not in a share of a balance.
import { useCallback, useState, type ReactNode } from 'react';
import { lever, session } from '../../engine-bridge/signals.ts';
import { HotkeySheet } from '../../hotkeys/hotkey-sheet.tsx';
import { focusField, usePairStep } from '../../hotkeys/screen-keys.ts';
import { useHotkeys } from '../../hotkeys/use-hotkeys.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { toast } from '../../toast/toast.ts';
import type { PairMeta } from '../../trading/pair-meta.ts';
import { closeRequest, positionToClose, selectedPosition } from './position-selection.ts';

const LEVER_ACTIONS = ['focusBuy', 'focusSell', 'closePosition', 'nextPair', 'prevPair'] as const;

export function useLeverHotkeys(
  meta: PairMeta,
  onSelect: (symbol: string) => void,
): { openSheet: () => void; dialogs: ReactNode } {
  const { t } = useI18n();
  const [sheet, setSheet] = useState(false);

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

  const step = usePairStep(meta.symbol, onSelect);

  useHotkeys({
    focusBuy: () => focusField('lever-form-long', 'share'),
    focusSell: () => focusField('lever-form-short', 'share'),
    closePosition: close,
    nextPair: () => step(1),
    prevPair: () => step(-1),
    help: () => setSheet(true),
  });

  const dialogs = (
    <HotkeySheet
      open={sheet}
      onClose={() => setSheet(false)}
      actions={LEVER_ACTIONS}
      templates={false}
      base={meta.base}
    />
  );
  return { openSheet: useCallback(() => setSheet(true), []), dialogs };
}
