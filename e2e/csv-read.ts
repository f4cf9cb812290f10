// Reading a CSV file the app downloaded, as a spreadsheet would: RFC 4180 quoting, the
// separator of the file's language.

/** RFC 4180 records of the file (after its byte-order mark). */
export function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') [field, i] = [`${field}"`, i + 1];
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) [row, field] = [[...row, field], ''];
    else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      [row, field, i] = [[], '', i + 1];
    } else field += c;
  }
  return rows;
}
