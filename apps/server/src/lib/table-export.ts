import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Exports (issue 21 §3, docs/exports.md): one table model and two writers that stream it, CSV and
 * .xlsx. A screen's export builds a Table from the rows its own call answers; the writers never
 * see where they came from.
 */
export type ColumnType = 'text' | 'integer' | 'number' | 'date' | 'duration';
export type Cell = string | number | null;

export interface Column<R> {
  key: string;
  /** the header's words; the unit is added as "Header (unit)" */
  header: string;
  unit?: string;
  type: ColumnType;
  /** text; integer and number: the number; date: an ISO time; duration: seconds */
  value: (row: R) => Cell;
}

export interface Table<R> {
  /** the sheet's name in Excel */
  title: string;
  columns: Column<R>[];
  rows: Iterable<R> | AsyncIterable<R>;
  /** the IANA zone dates are shown in (the organisation's) */
  timeZone: string;
}

export const headerText = (c: { header: string; unit?: string }) =>
  c.unit ? `${c.header} (${c.unit})` : c.header;

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, quote or line break; a text that a
 * spreadsheet would run as a formula (= + - @ tab or CR at the start) gets a leading apostrophe
 * (OWASP "CSV injection"). Numbers are written as they are.
 */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The byte-order mark that makes Excel read a CSV file as UTF-8. */
export const BOM = '\uFEFF';

/** "YYYY-MM-DD HH:mm:ss" of an instant on the wall clock of `timeZone`. */
export function wallClock(iso: string, timeZone: string): string | null {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(when)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** h:mm:ss of a number of seconds. */
export function durationText(seconds: number): string {
  const s = Math.round(Math.abs(seconds));
  const sign = seconds < 0 ? '-' : '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

function csvCell<R>(column: Column<R>, row: R, timeZone: string): Cell {
  const value = column.value(row);
  if (value === null) return null;
  if (column.type === 'date') return typeof value === 'string' ? wallClock(value, timeZone) : null;
  if (column.type === 'duration') return typeof value === 'number' ? durationText(value) : null;
  if (column.type === 'text') return String(value);
  return typeof value === 'number' ? value : Number(value);
}

/** The table as CSV, streamed: BOM, the header line, then a line per row (CRLF). */
export function csvStream<R>(table: Table<R>): Readable {
  async function* lines() {
    yield BOM + csvLine(table.columns.map(headerText));
    let batch = '';
    for await (const row of table.rows) {
      batch += csvLine(table.columns.map((c) => csvCell(c, row, table.timeZone)));
      if (batch.length >= 64 * 1024) {
        yield batch;
        batch = '';
      }
    }
    if (batch) yield batch;
  }
  return Readable.from(lines(), { objectMode: false });
}

const EXCEL_FORMATS: Record<ColumnType, string | undefined> = {
  text: '@',
  integer: '0',
  number: undefined,
  date: 'yyyy-mm-dd hh:mm:ss',
  duration: '[h]:mm:ss',
};

/** A Date whose UTC fields are the wall clock of `timeZone`: Excel has no zones. */
function excelDate(iso: string, timeZone: string): Date | null {
  const clock = wallClock(iso, timeZone);
  return clock ? new Date(`${clock.replace(' ', 'T')}Z`) : null;
}

function excelCell<R>(column: Column<R>, row: R, timeZone: string): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null) return null;
  switch (column.type) {
    case 'date':
      return typeof value === 'string' ? excelDate(value, timeZone) : null;
    case 'duration':
      return typeof value === 'number' ? value / 86_400 : null;
    case 'text':
      return String(value);
    default:
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
}

/** A sheet name Excel accepts: no []:*?/\ and at most 31 characters. */
export const sheetName = (title: string) =>
  title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';

/**
 * The table as .xlsx, streamed with exceljs's WorkbookWriter: each row is committed (written to
 * the zip) as it comes. Typed cells: numbers as numbers, dates as dates on the zone's wall
 * clock, durations as fractions of a day shown as [h]:mm:ss; units in the headers.
 */
export function xlsxStream<R>(table: Table<R>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName(table.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c) => ({
    key: c.key,
    header: headerText(c),
    width: Math.min(40, Math.max(10, headerText(c).length + 2, c.type === 'date' ? 20 : 0)),
    style: EXCEL_FORMATS[c.type] ? { numFmt: EXCEL_FORMATS[c.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    for await (const row of table.rows)
      sheet.addRow(table.columns.map((c) => excelCell(c, row, table.timeZone))).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The table in `format`, streamed. */
export const tableStream = <R>(table: Table<R>, format: 'csv' | 'xlsx'): Readable =>
  format === 'csv' ? csvStream(table) : xlsxStream(table);

/** A file name's part: letters, digits, dot, dash; the rest a dash. */
export const fileNamePart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'export';

/** Content-Disposition for an attachment (ASCII name; RFC 5987 name too). */
export function attachment(name: string): string {
  return `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
