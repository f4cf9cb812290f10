// Hands a file the page made to the browser's downloads: a temporary object URL on a temporary
// `<a download>`. The URL is revoked a minute later, not at once: a browser may still be
// reading it after the click returns.
export function downloadFile(data: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** bourse-report-20261123-141502.ndjson.gz (local time). */
export function reportName(date: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}${p(date.getMonth() + 1)}${p(date.getDate())}`;
  const time = `${p(date.getHours())}${p(date.getMinutes())}${p(date.getSeconds())}`;
  return `bourse-report-${day}-${time}.ndjson.gz`;
}
