// CSV exports (clients.csv, invoices.csv), one writer for all of them.
//
// - RFC 4180: a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled;
//   lines end with CRLF.
// - Formula injection (OWASP "CSV Injection"): a text value starting with `=`, `+`, `-` or `@`
//   (or a tab or CR, which some spreadsheets skip before one) gets a leading `'`, so a spreadsheet
//   shows it as text instead of running it. Numbers are ours (counts, cents) and written as they are.
// - Streamed: `csvResponse` reads rows page by page (`pagedRows`) and writes each line as it is
//   read, so an export of any size holds one page in memory.

export type CsvValue = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null is empty, text is escaped against formulas, then quoted when RFC 4180 asks. */
export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Every row of a list read `pageSize` at a time (`readPage(offset, limit)`), until a short page. */
export async function* pagedRows<T>(
  readPage: (offset: number, limit: number) => Promise<T[]>,
  pageSize = 500,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await readPage(offset, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
  }
}

/**
 * A `text/csv` download named `fileName`: the header line, then one line per row, written as the
 * rows arrive. Check access before calling: once streaming, the status is already 200.
 */
export function csvResponse(fileName: string, header: readonly string[], rows: AsyncIterable<CsvValue[]>): Response {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(next.value)));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}
