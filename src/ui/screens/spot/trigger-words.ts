// A conditional order in words (issue 44), as its list and its CSV say it: what it places, and
// what became of it (a refusal with its reason).
import type { SpotTriggerView } from '../../../engine/api.ts';
import type { I18n } from '../../i18n/i18n-context.tsx';
import { stateOf, type TriggerState } from '../../trading/trigger-kind.ts';

export const KIND_LABEL = {
  stop_limit: 'spot.stop.kind.stop_limit',
  stop_market: 'spot.stop.kind.stop_market',
  tp_limit: 'spot.stop.kind.tp_limit',
  tp_market: 'spot.stop.kind.tp_market',
} as const;

export const STATE_LABEL: Record<TriggerState, `spot.stop.state.${TriggerState}`> = {
  waiting: 'spot.stop.state.waiting',
  open: 'spot.stop.state.open',
  filled: 'spot.stop.state.filled',
  partial: 'spot.stop.state.partial',
  unfilled: 'spot.stop.state.unfilled',
  cancelled: 'spot.stop.state.cancelled',
  refused: 'spot.stop.state.refused',
};

/** What became of a conditional order, in words (a refusal or an OCO's cancel with its reason). */
export function stateText(r: SpotTriggerView, t: I18n['t']): string {
  if (r.reason === null) return t(STATE_LABEL[stateOf(r)]);
  if (r.status === 'refused') return t('spot.stop.state.refusedWhy', { reason: r.reason });
  if (r.status === 'cancelled') return t('spot.stop.state.cancelledWhy', { reason: r.reason });
  return t(STATE_LABEL[stateOf(r)]);
}
