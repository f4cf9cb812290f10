// The panels the trader arranges (issue 46): sizes within their bounds, known panels only, empty
// arrangements left out (P1), and the workspace keeps them through parseWorkspace.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampSplit,
  parsePanels,
  parseSavedPanels,
  SPLIT_BOUNDS,
  withLayout,
  type Panels,
} from './panels.ts';
import { DEFAULT_WORKSPACE, parseWorkspace } from './workspace.ts';

describe('panels', () => {
  it('P1: keeps whole sizes within bounds and known panels once, idempotently', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const once = parsePanels(raw);
        expect(parsePanels(once)).toEqual(once);
        for (const [screen, layout] of Object.entries(once)) {
          expect(Object.keys(layout).length).toBeGreaterThan(0);
          for (const split of ['left', 'right', 'bottom'] as const) {
            const n = layout[split];
            if (n === undefined) continue;
            const b = SPLIT_BOUNDS[screen as 'spot'][split];
            expect(Number.isSafeInteger(n) && n >= b.min && n <= b.max).toBe(true);
          }
          expect(new Set(layout.hidden ?? []).size).toBe(layout.hidden?.length ?? 0);
        }
      }),
    );
  });

  it('drops what is wrong and keeps what is right', () => {
    const raw = {
      spot: { left: 360, right: 1e9, bottom: 150.5, hidden: ['markets', 'chart', 'markets', 7] },
      lever: { left: '300', hidden: [] },
      micro: { left: 300 },
    };
    expect(parsePanels(raw)).toEqual({ spot: { left: 360, hidden: ['markets'] } });
    expect(parseSavedPanels([raw, 'x', raw])).toEqual([
      { spot: { left: 360, hidden: ['markets'] } },
      null,
    ]);
    expect(parseSavedPanels(null)).toEqual([null, null]);
  });

  it('clamps a dragged size and leaves out a screen back to its own', () => {
    expect(clampSplit('spot', 'left', 10)).toBe(220);
    expect(clampSplit('spot', 'left', 9999)).toBe(520);
    expect(clampSplit('lever', 'right', Number.NaN)).toBe(440);
    const one: Panels = withLayout({}, 'spot', (l) => ({ ...l, left: 400 }));
    expect(one).toEqual({ spot: { left: 400 } });
    expect(withLayout(one, 'spot', () => ({}))).toEqual({});
  });

  it('rides the workspace, absent while the screens have their own', () => {
    expect(parseWorkspace(DEFAULT_WORKSPACE)).not.toHaveProperty('panels');
    expect(parseWorkspace(DEFAULT_WORKSPACE)).not.toHaveProperty('savedPanels');
    const w = parseWorkspace({
      ...DEFAULT_WORKSPACE,
      panels: { lever: { bottom: 300 } },
      savedPanels: [null, { spot: { hidden: ['book'] } }],
    });
    expect(w.panels).toEqual({ lever: { bottom: 300 } });
    expect(w.savedPanels).toEqual([null, { spot: { hidden: ['book'] } }]);
  });
});
