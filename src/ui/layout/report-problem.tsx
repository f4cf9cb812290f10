// "Report a problem" (issue 5): one click downloads the last 15 minutes of this session's event
// log as a file for support (gzipped NDJSON; passwords, tokens and codes are never in it,
// accounts are masked), with its progress on the button. Support opens it on /replay. The file
// never reaches back past the last logout, expiry or fresh login (the engine's login partition,
// ADR 0042): on a shared browser it holds this login's events only.
import { useState } from 'react';
import { downloadFile, reportName } from '../components/download-file.ts';
import { engine } from '../engine-bridge/bridge.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { toast } from '../toast/toast.ts';

export const REPORT_WINDOW_MS = 15 * 60_000;

export function ReportProblemButton({ onDone }: { onDone?: () => void }) {
  const { t } = useI18n();
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (): Promise<void> => {
    setProgress(0);
    try {
      const file = await engine.exportLog(REPORT_WINDOW_MS, (done, total) =>
        setProgress(total > 0 ? done / total : 1),
      );
      downloadFile(file.bytes as BlobPart, 'application/gzip', reportName(new Date()));
      toast.success(t('replay.report.done', { count: file.events }));
      onDone?.();
    } catch (error) {
      toast.error(
        t('replay.report.failed', {
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
    } finally {
      setProgress(null);
    }
  };
  return (
    <button
      type="button"
      className="menu__item"
      data-testid="report-problem"
      title={t('replay.report.hint')}
      disabled={progress !== null}
      aria-busy={progress !== null}
      onClick={() => void run()}
    >
      {progress === null ? t('replay.report') : t('replay.report.progress', { percent: progress })}
    </button>
  );
}
