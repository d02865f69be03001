import type { RankingRow } from '../export-tables.js';
import { COLOURS, CONTENT_WIDTH, MARGIN, PdfPage } from './pdf-document.js';
import { niceStep, scoreBands } from './pdf-geometry.js';
import { numberText, PDF_TEXTS, type PdfLanguage } from './pdf-texts.js';

/** What the driving-style PDF shows: the header's facts and the ranking rows (the xlsx's). */
export interface DrivingStyleFacts {
  kind: 'assets' | 'drivers';
  organisation: string;
  period: string;
  group: string;
  generated: string;
  rows: RankingRow[];
  language: PdfLanguage;
}

/**
 * The driving-style report as a printable PDF (issue 21 §3): the header, the score distribution
 * as a vector bar chart (how many entities per band of ten points), then the ranking table in
 * the export's order (distance rank, then the rest), over as many A4 pages as it takes.
 */
export async function drivingStylePdfDocument(facts: DrivingStyleFacts): Promise<Buffer> {
  const w = PDF_TEXTS[facts.language];
  const title = facts.kind === 'assets' ? w.assetRankings : w.driverRankings;
  const page = new PdfPage(title, w);
  page.header(title, [
    [w.organisation, facts.organisation],
    [w.generated, facts.generated],
    [w.period, facts.period, 'wide'],
    [w.group, facts.group, 'wide'],
  ]);
  if (facts.rows.length === 0) {
    page.note(w.none);
    return page.finish();
  }
  page.heading(w.scoreDistribution);
  scoreChart(page, facts.rows);
  const n = (v: number | null, digits: number) =>
    v === null ? '–' : numberText(v, facts.language, digits);
  await page.table(
    [
      { header: w.distanceRank, width: 1.3, align: 'right' },
      { header: facts.kind === 'assets' ? w.asset : w.driver, width: 2.8 },
      { header: w.id, width: 0.7, align: 'right' },
      { header: `${w.distance} (km)`, width: 1.4, align: 'right' },
      { header: `${w.totalScore} (0-100)`, width: 1.8, align: 'right' },
      { header: w.scoreRank, width: 1.2, align: 'right' },
    ],
    facts.rows.map((r) => [
      r.distanceRank === null ? '–' : String(r.distanceRank),
      r.name,
      String(r.id),
      n(Math.round(r.distance) / 1000, 1),
      n(r.score === null ? null : Math.round(r.score * 10) / 10, 1),
      r.scoreRank === null ? '–' : String(r.scoreRank),
    ]),
  );
  return page.finish();
}

/** Bars of how many entities score 0–10, …, 90–100 (red to green), and those without a score. */
function scoreChart(page: PdfPage, rows: RankingRow[]) {
  const doc = page.doc;
  const { bands, none } = scoreBands(rows.map((r) => r.score));
  const height = 150;
  page.ensure(height + 40);
  const top = doc.y;
  const left = MARGIN + 34;
  const width = CONTENT_WIDTH - 34;
  const plot = height - 24;
  const most = Math.max(1, ...bands, none);
  // counts are whole: a step of at least one
  const step = Math.max(1, niceStep(most, 4));
  const max = Math.ceil(most / step) * step;
  // the count axis: grid lines with their numbers
  for (let v = 0; v <= max + 1e-9; v += step) {
    const y = top + plot - (v / max) * plot;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.4)
      .strokeColor(COLOURS.rule)
      .stroke();
    page.cell(String(Math.round(v)), MARGIN, y - 4, 30, {
      size: 7,
      align: 'right',
      colour: COLOURS.muted,
    });
  }
  const slots = bands.length + (none > 0 ? 1 : 0);
  const slot = width / slots;
  const bar = slot * 0.7;
  const colour = (band: number) => {
    // red (0) to green (9) through orange
    const hue = (band / 9) * 120;
    return hsl(hue, 0.6, 0.45);
  };
  const draw = (count: number, i: number, fill: string, label: string) => {
    const x = left + i * slot + (slot - bar) / 2;
    const h = (count / max) * plot;
    if (count > 0) doc.rect(x, top + plot - h, bar, h).fill(fill);
    page.cell(String(count), x - 4, top + plot - h - 10, bar + 8, { size: 7, align: 'center' });
    page.cell(label, x - 6, top + plot + 4, bar + 12, {
      size: 7,
      align: 'center',
      colour: COLOURS.muted,
    });
  };
  bands.forEach((count, i) => draw(count, i, colour(i), `${i * 10}–${i * 10 + 10}`));
  if (none > 0) draw(none, bands.length, COLOURS.muted, page.texts.noScore);
  doc
    .moveTo(left, top + plot)
    .lineTo(left + width, top + plot)
    .lineWidth(0.8)
    .strokeColor(COLOURS.muted)
    .stroke();
  doc.y = top + height + 6;
}

/** #rrggbb of a hue (degrees), saturation and lightness (0–1). */
function hsl(hue: number, s: number, l: number): string {
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (v: number) =>
    Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}
