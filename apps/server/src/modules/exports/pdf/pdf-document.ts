import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { PdfTexts } from './pdf-texts.js';

/**
 * The printable PDFs' page (issue 21 §3, docs/exports.md): A4, DejaVu Sans (from the
 * dejavu-fonts-ttf package: Latin, Greek, Cyrillic — ő, Ł, Ö — which pdfkit's built-in
 * Helvetica cannot draw), a header of facts, tables that continue over pages with their header
 * row repeated, and page numbers. A character the font has no glyph for (an emoji) is printed
 * as "?" rather than as garbage.
 */
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const FOOTER = 24;
export const COLOURS = {
  text: '#212529',
  muted: '#6c757d',
  rule: '#dee2e6',
  band: '#f1f3f5',
  primary: '#0d6efd',
  good: '#198754',
  bad: '#dc3545',
  warn: '#fd7e14',
};

type Doc = PDFKit.PDFDocument;
interface GlyphFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** A text with every character the font cannot draw replaced by "?" (kept whole otherwise). */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // variation selectors and zero-width joiners only shape the character before them
    if (code === 0xfe0f || code === 0x200d) continue;
    out += code < 0x20 ? ' ' : hasGlyph(code) ? char : '?';
  }
  return out;
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A page being written: the document and what draws on it. */
export class PdfPage {
  readonly doc: Doc;
  private readonly glyphs: GlyphFont;

  constructor(
    title: string,
    readonly texts: PdfTexts,
  ) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      info: { Title: title, Producer: 'Fleet portal', Creator: 'Fleet portal' },
    });
    this.doc.registerFont('regular', FONTS.regular);
    this.doc.registerFont('bold', FONTS.bold);
    this.doc.font('regular');
    // pdfkit's embedded font exposes its fontkit font: ask it which characters it has
    this.glyphs = (this.doc as unknown as { _font: { font: GlyphFont } })._font.font;
    this.doc.fillColor(COLOURS.text);
  }

  /** `text` as the font can draw it. */
  safe = (text: string) => printable(text, (c) => this.glyphs.hasGlyphForCodePoint(c));

  get bottom() {
    return A4.height - MARGIN - FOOTER;
  }

  /** Moves to a new page when fewer than `height` points are left. */
  ensure(height: number) {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = MARGIN;
    }
  }

  /** One line of text at (x, y), cut with "…" to fit `width`. */
  cell(
    text: string,
    x: number,
    y: number,
    width: number,
    { size = 8.5, bold = false, align = 'left', colour = COLOURS.text } = {} as {
      size?: number;
      bold?: boolean;
      align?: 'left' | 'right' | 'center';
      colour?: string;
    },
  ) {
    const doc = this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
    const fitted = this.fit(this.safe(text), width);
    doc.fillColor(colour).text(fitted, x, y, { width, align, lineBreak: false });
  }

  private fit(text: string, width: number): string {
    const full = this.doc.widthOfString(text);
    if (full <= width) return text;
    // a first guess in proportion, then a character less until it fits (few measurements)
    const chars = [...text];
    let keep = Math.floor((chars.length * width) / full);
    while (keep > 0 && this.doc.widthOfString(`${chars.slice(0, keep).join('')}…`) > width) keep--;
    return `${chars.slice(0, keep).join('')}…`;
  }

  /**
   * The document's title and its facts (label: value), two to a line; a wide fact (a long value)
   * takes a line of its own.
   */
  header(title: string, facts: [string, string, 'wide'?][]) {
    const doc = this.doc;
    doc.font('bold').fontSize(16).fillColor(COLOURS.text);
    doc.text(this.safe(title), MARGIN, MARGIN, { width: CONTENT_WIDTH });
    let y = doc.y + 6;
    const half = CONTENT_WIDTH / 2;
    let column = 0;
    for (const [label, value, wide] of facts) {
      if (wide && column === 1) {
        y += 14;
        column = 0;
      }
      const x = MARGIN + column * half;
      this.cell(label, x, y, 76, { size: 8.5, colour: COLOURS.muted });
      this.cell(value, x + 78, y, (wide ? CONTENT_WIDTH : half) - 84, { size: 8.5, bold: true });
      if (wide || column === 1) {
        y += 14;
        column = 0;
      } else column = 1;
    }
    if (column === 1) y += 14;
    doc
      .moveTo(MARGIN, y + 2)
      .lineTo(MARGIN + CONTENT_WIDTH, y + 2)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    doc.y = y + 12;
  }

  /** A section's title. */
  heading(text: string) {
    this.ensure(40);
    const y = this.doc.y;
    this.cell(text, MARGIN, y, CONTENT_WIDTH, { size: 11, bold: true });
    this.doc.y = y + 18;
  }

  /** A line of plain text. */
  note(text: string) {
    const y = this.doc.y;
    this.cell(text, MARGIN, y, CONTENT_WIDTH, { size: 9, colour: COLOURS.muted });
    this.doc.y = y + 16;
  }

  /**
   * A table: its header row, then a row per entry, banded; on a new page the header row is
   * drawn again. Widths are proportions of the content width.
   */
  async table(columns: TableColumn[], rows: string[][]) {
    const ROW = 14;
    const total = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * CONTENT_WIDTH);
    const drawRow = (cells: string[], y: number, bold: boolean) => {
      let x = MARGIN;
      cells.forEach((text, i) => {
        this.cell(text, x + 3, y + 3.5, widths[i]! - 6, {
          bold,
          size: bold ? 7.5 : 8.5,
          align: columns[i]!.align ?? 'left',
        });
        x += widths[i]!;
      });
    };
    const headerRow = () => {
      const y = this.doc.y;
      this.doc.rect(MARGIN, y, CONTENT_WIDTH, ROW + 4).fill(COLOURS.rule);
      drawRow(
        columns.map((c) => c.header),
        y + 2,
        true,
      );
      this.doc.y = y + ROW + 4;
    };
    this.ensure(ROW * 3);
    headerRow();
    for (const [index, cells] of rows.entries()) {
      // a large table gives the event loop a turn now and then: other requests go on
      if (index % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
      if (this.doc.y + ROW > this.bottom) {
        this.doc.addPage();
        this.doc.y = MARGIN;
        headerRow();
      }
      const y = this.doc.y;
      if (index % 2 === 1) this.doc.rect(MARGIN, y, CONTENT_WIDTH, ROW).fill(COLOURS.band);
      drawRow(cells, y, false);
      this.doc.y = y + ROW;
    }
    this.doc.y += 10;
  }

  /** Page numbers on every page, then the whole file. */
  async finish(): Promise<Buffer> {
    const doc = this.doc;
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const y = A4.height - MARGIN - 10;
      const margins = doc.page.margins;
      doc.page.margins = { ...margins, bottom: 0 };
      this.cell(this.texts.page(i + 1, count), MARGIN, y, CONTENT_WIDTH, {
        size: 8,
        align: 'right',
        colour: COLOURS.muted,
      });
      doc.page.margins = margins;
    }
    doc.end();
    return done;
  }
}
