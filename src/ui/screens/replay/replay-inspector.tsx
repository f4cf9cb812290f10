// The replay desk's inspector (issue 5): the event at the cursor, and each projection's state
// there with its hash (the hash a command-line replay prints for the same event).
import { useEffect, useState } from 'react';
import { PROJECTION_NAMES } from '../../../engine/api.ts';
import type { ProjectionName } from '../../../engine/api.ts';
import { replayControls, replayStatus } from '../../engine-bridge/replay-bridge.ts';
import { useSignalValue } from '../../engine-bridge/use-signal-value.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

type Tab = 'event' | ProjectionName;
/** Longest JSON shown (a deep book is hundreds of kB). */
const MAX_CHARS = 200_000;
/** While playing, the inspector refreshes at most this often. */
const PLAYING_REFRESH_MS = 500;

export function ReplayInspector() {
  const { t } = useI18n();
  const status = useSignalValue(replayStatus);
  const [tab, setTab] = useState<Tab>('event');
  const [shown, setShown] = useState<{ text: string; hash: string | null } | null>(null);
  const index = status?.index ?? -1;
  const playing = status?.playing === true;

  useEffect(() => {
    let live = true;
    const load = async (): Promise<void> => {
      if (tab === 'event') {
        if (index < 0) return setShown(null);
        const event = await replayControls.event(index);
        if (live) setShown({ text: clip(JSON.stringify(event, null, 2)), hash: null });
      } else {
        const { state, hash } = await replayControls.projection(tab);
        if (live) setShown({ text: clip(JSON.stringify(state, null, 2)), hash });
      }
    };
    const id = setTimeout(() => void load(), playing ? PLAYING_REFRESH_MS : 0);
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [tab, index, playing]);

  const tabs: Tab[] = ['event', ...PROJECTION_NAMES];
  return (
    <section className="replay-panel replay-inspector" aria-labelledby="replay-inspector-title">
      <header className="replay-panel__head">
        <h2 id="replay-inspector-title" className="replay-panel__title">
          {t('replay.inspector.title')}
        </h2>
      </header>
      <div className="spot-tabs spot-tabs--line replay-inspector__tabs" role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`spot-tabs__tab ${tab === name ? 'is-active' : ''}`}
            data-testid={`replay-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {name === 'event' ? t('replay.inspector.event') : name}
          </button>
        ))}
      </div>
      {shown?.hash == null ? null : (
        <p className="replay-inspector__hash">
          <span className="muted">{t('replay.inspector.hash')}</span>{' '}
          <code data-testid="replay-hash">{shown.hash}</code>
        </p>
      )}
      {shown === null ? (
        <p className="muted replay-inspector__none">
          {index < 0 ? t('replay.events.start') : t('replay.inspector.none')}
        </p>
      ) : (
        <pre className="replay-inspector__json" data-testid="replay-json">
          {shown.text}
        </pre>
      )}
    </section>
  );
}

function clip(text: string): string {
  return text.length <= MAX_CHARS ? text : `${text.slice(0, MAX_CHARS)}\n…`;
}
