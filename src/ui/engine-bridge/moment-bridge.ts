// "At this moment" on the page (issue 47, ADR 0079): one moment open at a time, asked of the
// engine, which folds its own log around it (no server call). Whatever opens one (a fill, a
// notification, a point of the chart) calls `openMoment`; the docked panel (ui/moment) shows
// `moment` and moves its cursor with `seekMoment`. A seek answered after a later one is dropped.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { MomentFailure, MomentRequest, MomentView } from '../../engine/api.ts';
import { engine } from './bridge.ts';

export interface OpenMoment {
  request: MomentRequest;
  /** The view at the cursor (null until the engine answers, or when it refused). */
  view: MomentView | null;
  /** Why the engine shows nothing ('failed': the call itself failed). */
  failure: MomentFailure | 'failed' | null;
}

const momentSignal = signal<OpenMoment | null>(null);
/** The moment open (null: none). */
export const moment: ReadonlySignal<OpenMoment | null> = momentSignal;

/** What had the focus when the moment opened: it gets it back when the panel closes. */
let opener: HTMLElement | null = null;
let asked = 0;

export async function openMoment(request: MomentRequest): Promise<void> {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  opener = active instanceof HTMLElement ? active : null;
  const mine = ++asked;
  momentSignal.value = { request, view: null, failure: null };
  const result = await engine.momentOpen(request).catch(() => null);
  if (mine !== asked) return;
  momentSignal.value = {
    request,
    view: result?.ok === true ? result.view : null,
    failure: result === null ? 'failed' : result.ok ? null : result.reason,
  };
}

export async function seekMoment(index: number): Promise<void> {
  const open = momentSignal.peek();
  if (open?.view == null) return;
  const mine = ++asked;
  const result = await engine.momentSeek(index).catch(() => null);
  const now = momentSignal.peek();
  if (mine !== asked || now === null || result === null || !result.ok) return;
  momentSignal.value = { ...now, view: result.view };
}

export function closeMoment(): void {
  if (momentSignal.peek() === null) return;
  asked += 1;
  momentSignal.value = null;
  void engine.momentClose();
  const back = opener;
  opener = null;
  if (back?.isConnected === true) back.focus();
}
