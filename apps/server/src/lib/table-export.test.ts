import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  attachment,
  csvField,
  csvStream,
  durationText,
  fileNamePart,
  sheetName,
  wallClock,
  xlsxStream,
  type Table,
} from './table-export.js';

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

type Row = { name: string; km: number; at: string | null; seconds: number };
const table = (rows: Row[]): Table<Row> => ({
  title: 'Test: a/b',
  timeZone: 'Europe/Amsterdam',
  rows,
  columns: [
    { key: 'name', header: 'Name', type: 'text', value: (r) => r.name },
    { key: 'km', header: 'Distance', unit: 'km', type: 'number', value: (r) => r.km },
    { key: 'at', header: 'At', type: 'date', value: (r) => r.at },
    { key: 'time', header: 'Time', unit: 'h:mm:ss', type: 'duration', value: (r) => r.seconds },
  ],
});

describe('CSV', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+31 6', "'+31 6"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['plain', 'plain'],
  ])('field %j is %j', (value, field) => expect(csvField(value)).toBe(field));

  it('numbers as they are, nothing for null and non-finite numbers', () => {
    expect(csvField(-2.5)).toBe('-2.5');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('streams the BOM, the headers with units and CRLF lines, times on the zone’s clock', async () => {
    const text = (
      await read(
        csvStream(table([{ name: 'A', km: 1.5, at: '2026-07-01T10:00:00Z', seconds: 3725 }])),
      )
    ).toString('utf8');
    expect(text).toBe(
      '\uFEFFName,Distance (km),At,Time (h:mm:ss)\r\nA,1.5,2026-07-01 12:00:00,1:02:05\r\n',
    );
  });
});

describe('xlsx', () => {
  it('typed cells: numbers, dates on the wall clock, durations as days, text as text', async () => {
    const body = await read(
      xlsxStream(
        table([
          { name: '=cmd()', km: 12.25, at: '2026-01-15T23:30:00Z', seconds: 5400 },
          { name: 'B', km: 0, at: null, seconds: 0 },
        ]),
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Test  a b');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Distance (km)',
      'At',
      'Time (h:mm:ss)',
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('=cmd()'); // a string cell, not a formula
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(2).value).toBe(12.25);
    expect(row.getCell(3).value).toEqual(new Date('2026-01-16T00:30:00Z')); // CET wall clock
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // a fraction of a day with a time format: exceljs reads it back as a time after Excel's epoch
    expect(row.getCell(4).numFmt).toBe('[h]:mm:ss');
    expect(row.getCell(4).value).toEqual(new Date(Date.UTC(1899, 11, 30, 1, 30)));
    expect(sheet.getRow(3).getCell(3).value).toBeNull();
  });
});

describe('helpers', () => {
  it('wall clock, durations, names', () => {
    expect(wallClock('2026-03-29T01:30:00Z', 'Europe/Amsterdam')).toBe('2026-03-29 03:30:00');
    expect(wallClock('nonsense', 'Europe/Amsterdam')).toBeNull();
    expect(durationText(0)).toBe('0:00:00');
    expect(durationText(90_061)).toBe('25:01:01');
    expect(sheetName('')).toBe('Sheet');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(fileNamePart('Demo Transport')).toBe('Demo-Transport');
    expect(fileNamePart('Café "ö"/..\\')).toBe('Cafe-o-..');
    expect(fileNamePart('///')).toBe('export');
    expect(attachment('a b.csv')).toBe(
      `attachment; filename="a b.csv"; filename*=UTF-8''a%20b.csv`,
    );
  });
});
