import { describe, expect, it } from 'vitest';
import { csvField, csvLine, csvResponse, pagedRows } from './csv';

describe('csv', () => {
  it('quotes per RFC 4180 and ends lines with CRLF', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', null, 1250])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere",,1250\r\n',
    );
  });

  it('escapes values that a spreadsheet would run as formulas', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx'].map(csvField)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx"]);
    // escaped first, then quoted when the escaped text needs it
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-5)).toBe('-5');
  });

  it('reads pages until a short one', async () => {
    const asked: number[] = [];
    const rows: number[] = [];
    const all = [1, 2, 3, 4, 5];
    for await (const row of pagedRows(async (offset, limit) => {
      asked.push(offset);
      return all.slice(offset, offset + limit);
    }, 2))
      rows.push(row);
    expect(rows).toEqual(all);
    expect(asked).toEqual([0, 2, 4]);
  });

  it('streams the header and the rows as a text/csv download', async () => {
    async function* rows() {
      yield ['Ada', 'a,b'];
      yield ['Bo', null];
    }
    const response = csvResponse('x.csv', ['Name', 'Note'], rows());
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(await response.text()).toBe('Name,Note\r\nAda,"a,b"\r\nBo,\r\n');
  });
});
