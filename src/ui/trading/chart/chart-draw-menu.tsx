// The chart toolbar's drawing tools (issue 46): a menu of the five kinds. Chosen with the mouse or a
// finger, a tool waits for a press on the chart (the hint says so; choosing it again or Escape puts
// it down); chosen by keyboard, a drawing is put in the middle of the chart at once and its own
// button takes the focus, where the arrow keys move it (chart-drawings-layer.tsx).
import { useRef, type MouseEvent } from 'react';
import { DRAWING_KINDS, type DrawingKind } from '../../../shared/drawings.ts';
import { LineIcon } from '../../components/line-icon.tsx';
import { Popover } from '../../components/popover.tsx';
import { useI18n } from '../../i18n/i18n-context.tsx';
import type { MessageId } from '../../i18n/i18n.ts';

/** A tool chosen: by pointer (waits for a press on the chart) or by keyboard (placed at once). */
export interface DrawTool {
  kind: DrawingKind;
  keyboard: boolean;
}

export const DRAWING_LABEL: Record<DrawingKind, MessageId> = {
  hline: 'chart.draw.hline',
  trend: 'chart.draw.trend',
  ray: 'chart.draw.ray',
  rect: 'chart.draw.rect',
  fib: 'chart.draw.fib',
};

export function DrawMenu({
  tool,
  onTool,
}: {
  tool: DrawTool | null;
  onTool: (tool: DrawTool | null) => void;
}) {
  const { t } = useI18n();
  const root = useRef<HTMLDivElement>(null);
  const armed = tool !== null && !tool.keyboard ? tool.kind : null;
  const name = armed === null ? t('chart.draw.button') : t(DRAWING_LABEL[armed]);
  const choose = (kind: DrawingKind, e: MouseEvent, close: () => void): void => {
    close();
    // a click without a pointer (Enter or Space) has no place on the chart: draw in the middle
    const keyboard = e.detail === 0;
    onTool(kind === armed && !keyboard ? null : { kind, keyboard });
    if (!keyboard) root.current?.querySelector<HTMLElement>('.popover__button')?.focus();
  };
  return (
    <div ref={root} className={`chart__draw${armed ? ' chart__draw--active' : ''}`}>
      <Popover
        className="chart__more-popover"
        label={
          <>
            <LineIcon size={15}>
              <path d="M4 20l4-1 11-11-3-3L5 16l-1 4zM14 7l3 3" />
            </LineIcon>
            <span className="chart__draw-text">{name}</span>
            <span className="chart__caret" aria-hidden="true" />
          </>
        }
        ariaLabel={name}
        title={name}
        testId="chart-draw"
        align="end"
      >
        {(close) => (
          <div className="chart__more-list" role="group" aria-label={t('chart.draw.tools')}>
            {DRAWING_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                className={`chart__period${kind === armed ? ' chart__period--active' : ''}`}
                aria-pressed={kind === armed}
                data-draw={kind}
                onClick={(e) => choose(kind, e, close)}
              >
                {t(DRAWING_LABEL[kind])}
              </button>
            ))}
          </div>
        )}
      </Popover>
    </div>
  );
}
