// The replay desk's event list (issue 5): every event of the recording, virtualized (a million
// rows cost the rows on screen), filtered by name in the worker, rows fetched a page at a time.
// A click moves the replay to that event; while playing, the list follows the cursor.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { ReplayRow } from '../../../engine/api.ts';
import { replayControls, replayStatus } from '../../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { formatTime } from '../../i18n/format.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

const ROW_PX = 26;
const PAGE = 200;

export function ReplayEvents({ total }: { total: number }) {
  const { t, lang } = useI18n();
  const status = useSignalValue(replayStatus);
  const [filter, setFilter] = useState('');
  const [count, setCount] = useState(total);
  const [rows, setRows] = useState<ReadonlyMap<number, ReplayRow>>(new Map());
  const asked = useRef(new Set<number>());
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 20,
  });
  const items = virtual.getVirtualItems();

  useEffect(() => {
    const id = setTimeout(() => {
      void replayControls.filter(filter).then((n) => {
        asked.current = new Set();
        setRows(new Map());
        setCount(n);
      });
    }, 200);
    return () => clearTimeout(id);
  }, [filter]);

  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    for (let page = Math.floor(first / PAGE); page <= Math.floor(last / PAGE); page += 1) {
      if (asked.current.has(page)) continue;
      asked.current.add(page);
      void replayControls.rows(page * PAGE, PAGE).then((got) =>
        setRows((old) => {
          const next = new Map(old);
          got.forEach((row, i) => next.set(page * PAGE + i, row));
          return next;
        }),
      );
    }
  }, [first, last, rows]);

  const cursor = status?.index ?? -1;
  const playing = status?.playing === true;
  useEffect(() => {
    if (!playing) return;
    void replayControls.rowOf(cursor).then((row) => {
      if (row >= 0) virtual.scrollToIndex(row, { align: 'center' });
    });
  }, [cursor, playing, virtual]);

  return (
    <section className="replay-panel replay-events" aria-labelledby="replay-events-title">
      <header className="replay-panel__head">
        <h2 id="replay-events-title" className="replay-panel__title">
          {t('replay.events.title')}
        </h2>
        <span className="muted num" data-testid="replay-events-count">
          {t('replay.events.count', { count })}
        </span>
        <input
          type="search"
          className="replay-input replay-events__filter"
          placeholder={t('replay.events.filter')}
          aria-label={t('replay.events.filter')}
          data-testid="replay-filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </header>
      <div ref={scroller} className="replay-events__scroller" data-testid="replay-events">
        <ol className="replay-events__list" style={{ height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const row = rows.get(item.index);
            return (
              <li
                key={item.key}
                className={`replay-row${row?.index === cursor ? ' replay-row--cursor' : ''}`}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }}
              >
                {row === undefined ? null : (
                  <button
                    type="button"
                    className="replay-row__btn"
                    data-seq={row.seq}
                    onClick={() => void replayControls.seek(row.index)}
                  >
                    <span className="replay-row__seq num">#{row.seq}</span>
                    <span className="replay-row__time num">{formatTime(row.at, lang)}</span>
                    <span className={`replay-row__kind replay-row__kind--${row.kind}`}>
                      {row.kind}
                    </span>
                    <span className="replay-row__name">{row.name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
