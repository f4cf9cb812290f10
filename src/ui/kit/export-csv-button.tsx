// "Export CSV" on a list (issue 25; the conditional orders of issue 44): reads every page of the list through the same
// engine query the screen pages with (all-pages.ts), writes the file in the language's
// separators (components/csv.ts) and hands it to the browser's downloads; the progress is on
// the button, the outcome in a toast (a polite live region: "Exported 12 rows").
import { useEffect, useRef, useState } from 'react';
import type { CommandResult, PageView } from '../../engine/api.ts';
import { BCP47 } from '../../shared/locales.ts';
import {
  CSV_MIME,
  csvFileName,
  csvFormatFor,
  writeCsv,
  type CsvCell,
  type CsvFormat,
} from '../components/csv.ts';
import { downloadFile } from '../components/download-file.ts';
import { failureMessage } from '../i18n/result-message.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { toast } from '../toast/toast.ts';
import { fetchAllPages, type AllRows } from './all-pages.ts';

/** What one list exports. Build it in the render: it captures the tab shown. */
export interface CsvExport<R> {
  /** The file is bourse-<name>-YYYY-MM-DD.csv. */
  name: string;
  fetchPage: (page: number) => Promise<CommandResult<PageView<R>>>;
  /** The screen's column titles. */
  header: readonly string[];
  cells: (row: R) => CsvCell[];
}

export function ExportCsvButton<R extends { id: number }>({ spec }: { spec: CsvExport<R> }) {
  const { t, lang } = useI18n();
  /** The share of the rows read while exporting (0 to 1), null otherwise. */
  const [share, setShare] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = async (): Promise<void> => {
    if (share !== null) return;
    setShare(0);
    const result = await fetchAllPages(spec.fetchPage, {
      onProgress: (n, of) => mounted.current && setShare(of > 0 ? n / of : 1),
      cancelled: () => !mounted.current,
    });
    // left the screen: no file nobody asked for any more
    if (result === null || !mounted.current) return;
    setShare(null);
    if (!result.ok) {
      const message = failureMessage(result);
      if (message !== '') toast.error(t('account.export.failed', { message }));
      return;
    }
    const { data } = result;
    const note = data.capped
      ? t('account.export.capped', { count: data.rows.length, total: data.total })
      : null;
    save(spec, data, note, csvFormatFor(BCP47[lang]));
    const done = t('account.export.done', { count: data.rows.length });
    toast.success(note === null ? done : `${done} ${note}`);
  };

  const busy = share !== null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm export-csv"
      data-testid="export-csv"
      title={t('account.export.hint')}
      // not `disabled`: a disabled button drops the keyboard focus, and the export ends there
      aria-disabled={busy}
      aria-busy={busy}
      onClick={() => void run()}
    >
      {/* the labels share one cell with a hidden copy of the widest ("… 100 %"): the button
          keeps its width while the share grows, and a narrow list head does not wrap under it */}
      <span className="export-csv__labels">
        <span className="export-csv__off">
          <DownloadIcon />
          {t('account.export.busy', { percent: 1 })}
        </span>
        <span>
          <DownloadIcon />
          {share === null
            ? t('account.export.button')
            : t('account.export.busy', { percent: share })}
        </span>
      </span>
    </button>
  );
}

function save<R>(spec: CsvExport<R>, data: AllRows<R>, note: string | null, format: CsvFormat) {
  const rows = data.rows.map(spec.cells);
  // a capped file says so in its last line, where whoever opens the file sees it
  if (note !== null) rows.push([note]);
  downloadFile(writeCsv(spec.header, rows, format), CSV_MIME, csvFileName(spec.name, new Date()));
}

function DownloadIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" className="export-csv__icon">
      <path
        d="M7 1.5v7.5M3.8 5.8 7 9l3.2-3.2M2 11.5h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
