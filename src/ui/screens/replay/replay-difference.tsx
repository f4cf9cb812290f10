// The replay desk's first difference (issue 47, ADR 0077): the recording folded again with this
// version, and the first event where a projection comes out otherwise than it did for the
// version that recorded it, with both values and what differs; "Go to the event" moves the
// cursor there, so the screens and the inspector show it. The same as `npm run replay -- --diff`.
import { useState } from 'react';
import type { ReplayDifference } from '../../../engine/api.ts';
import { replayControls } from '../../engine-bridge/replay-bridge.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: number }
  | { kind: 'done'; result: ReplayDifference }
  | { kind: 'failed' };

export function ReplayDifferencePanel() {
  const { t } = useI18n();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const run = async (): Promise<void> => {
    setPhase({ kind: 'running', progress: 0 });
    try {
      const result = await replayControls.firstDifference((done, total) =>
        setPhase({ kind: 'running', progress: total > 0 ? done / total : 0 }),
      );
      setPhase({ kind: 'done', result });
    } catch {
      setPhase({ kind: 'failed' });
    }
  };
  return (
    <section className="replay-diff" aria-labelledby="replay-diff-title" data-testid="replay-diff">
      <h2 id="replay-diff-title" className="replay-diff__title">
        {t('replay.diff.title')}
      </h2>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        disabled={phase.kind === 'running'}
        onClick={() => void run()}
        data-testid="replay-diff-run"
      >
        {t('replay.diff.run')}
      </button>
      <div role="status" className="replay-diff__status">
        {phase.kind === 'running' ? (
          <span className="muted">{t('replay.diff.running', { percent: phase.progress })}</span>
        ) : null}
        {phase.kind === 'failed' ? (
          <span className="form-error">{t('replay.diff.failed')}</span>
        ) : null}
        {phase.kind === 'done' ? <Verdict result={phase.result} /> : null}
      </div>
      {phase.kind === 'done' && phase.result.found !== null ? (
        <Found found={phase.result.found} />
      ) : null}
    </section>
  );
}

function Verdict({ result }: { result: ReplayDifference }) {
  const { t } = useI18n();
  const found = result.found;
  if (found !== null) {
    const at = { seq: found.seq, name: found.name };
    const text =
      found.foldFailed !== undefined
        ? t('replay.diff.foldFailed', at)
        : found.recordedFoldFailed !== undefined
          ? t('replay.diff.recordedFoldFailed', at)
          : t('replay.diff.found', {
              ...at,
              names: found.projections.map((p) => p.name).join(', '),
            });
    return (
      <span className="replay-summary__bad" data-testid="replay-diff-found">
        ✗ {text}
      </span>
    );
  }
  if (!result.traced) {
    const names = result.finalMismatches.join(', ');
    return (
      <span className="muted" data-testid="replay-diff-untraced">
        {t('replay.diff.untraced')}{' '}
        {names === '' ? t('replay.summary.reproduced') : t('replay.summary.differs', { names })}
      </span>
    );
  }
  return (
    <span className="replay-summary__ok" data-testid="replay-diff-none">
      ✓ {t('replay.diff.none', { count: result.compared })}
    </span>
  );
}

function Found({ found }: { found: NonNullable<ReplayDifference['found']> }) {
  const { t } = useI18n();
  return (
    <div className="replay-diff__found">
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => void replayControls.seek(found.index)}
        data-testid="replay-diff-go"
      >
        {t('replay.diff.go', { seq: found.seq })}
      </button>
      {found.projections.map((p) => (
        <details key={p.name} className="replay-diff__projection" open>
          <summary>
            <code>{p.name}</code>
          </summary>
          <dl className="replay-diff__hashes">
            <dt>{t('replay.diff.recorded')}</dt>
            <dd>
              <code data-testid="replay-diff-recorded-hash">{p.recordedHash}</code>
            </dd>
            <dt>{t('replay.diff.now')}</dt>
            <dd>
              <code data-testid="replay-diff-now-hash">{p.nowHash}</code>
            </dd>
          </dl>
          <h3 className="replay-diff__label">{t('replay.diff.delta')}</h3>
          <pre className="replay-inspector__json replay-diff__json" data-testid="replay-diff-delta">
            {p.delta}
          </pre>
          <div className="replay-diff__values">
            <details>
              <summary>{t('replay.diff.recorded')}</summary>
              <pre className="replay-inspector__json replay-diff__json">{p.recorded}</pre>
            </details>
            <details>
              <summary>{t('replay.diff.now')}</summary>
              <pre className="replay-inspector__json replay-diff__json">{p.now}</pre>
            </details>
          </div>
        </details>
      ))}
    </div>
  );
}
