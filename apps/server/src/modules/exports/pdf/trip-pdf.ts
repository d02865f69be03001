import type { Datapoint, Trip } from '@fleet/contract';
import { COLOURS, CONTENT_WIDTH, MARGIN, PdfPage } from './pdf-document.js';
import { fitMap, lengthText, niceStep, scaleBar, type Box } from './pdf-geometry.js';
import { durationText } from '../../../lib/table-export.js';
import { dateTimeText, numberText, PDF_TEXTS, type PdfLanguage } from './pdf-texts.js';

export interface TripFacts {
  organisation: string;
  assetName: string;
  trip: Trip;
  positions: Datapoint[];
  /** an event type's words in the language */
  eventName: (type: string) => string;
  timeZone: string;
  generated: string;
  language: PdfLanguage;
}

const degrees = (e5: number) => e5 / 100_000;
const place = (l: { latitude: number; longitude: number } | null) =>
  l ? `${degrees(l.latitude).toFixed(5)}, ${degrees(l.longitude).toFixed(5)}` : '–';

/**
 * A trip as a printable PDF (issue 21 §3): its summary, the route drawn as vectors on a light
 * latitude/longitude grid fitted to the route (start and end markers, event markers, a scale bar
 * and a north arrow), its speed over time, and its events.
 */
export async function tripPdfDocument(facts: TripFacts): Promise<Buffer> {
  const w = PDF_TEXTS[facts.language];
  const { trip } = facts;
  const title = `${w.trip} ${trip.id}: ${facts.assetName}`;
  const page = new PdfPage(title, w);
  const when = (iso: string | null) =>
    iso ? dateTimeText(iso, facts.timeZone, facts.language) : w.underWay;
  const end = trip.endTime ?? facts.generated;
  const seconds = (new Date(end).getTime() - new Date(trip.startTime).getTime()) / 1000;
  const score = trip.scoreData.totalScore;
  page.header(title, [
    [w.asset, facts.assetName],
    [w.organisation, facts.organisation],
    [w.drivers, trip.drivers.map((d) => d.name).join(', ') || '–', 'wide'],
    [w.start, `${when(trip.startTime)} · ${place(trip.startLocation)}`, 'wide'],
    [w.end, `${when(trip.endTime)} · ${place(trip.endLocation)}`, 'wide'],
    [
      `${w.distance} (km)`,
      numberText(trip.drivingStyleData.drivingDistance / 1000, facts.language),
    ],
    [
      w.duration,
      `${durationText(seconds)} (${w.drivingTime} ${durationText(trip.drivingStyleData.drivingTime)})`,
    ],
    [
      `${w.score} (0-100)`,
      score === null || score === undefined ? '–' : numberText(score, facts.language),
    ],
  ]);
  const located = facts.positions.filter((p) => p.location !== null);
  page.heading(w.route);
  if (located.length === 0) page.note(w.noPositions);
  else routeMap(page, facts, { x: MARGIN, y: page.doc.y, width: CONTENT_WIDTH, height: 300 });
  const speeds = facts.positions.filter((p) => p.speed !== null);
  if (speeds.length > 1) {
    page.heading(`${w.speedOverTime} (km/h)`);
    speedChart(page, facts, speeds);
  }
  page.heading(w.events);
  const events = facts.positions.flatMap((p) =>
    (p.events ?? []).map((e) => [
      dateTimeText(p.timestamp, facts.timeZone, facts.language),
      facts.eventName(e.eventType),
      p.location ? degrees(p.location.latitude).toFixed(5) : '–',
      p.location ? degrees(p.location.longitude).toFixed(5) : '–',
      p.speed === null ? '–' : numberText(p.speed, facts.language, 0),
    ]),
  );
  if (events.length === 0) page.note(w.noEvents);
  else
    await page.table(
      [
        { header: w.time, width: 2 },
        { header: w.event, width: 2.4 },
        { header: `${w.latitude} (°)`, width: 1.3, align: 'right' },
        { header: `${w.longitude} (°)`, width: 1.3, align: 'right' },
        { header: `${w.speed} (km/h)`, width: 1.2, align: 'right' },
      ],
      events,
    );
  return page.finish();
}

function routeMap(page: PdfPage, facts: TripFacts, box: Box) {
  const doc = page.doc;
  const points = facts.positions
    .filter((p) => p.location !== null)
    .map((p) => ({
      ...p,
      latitude: degrees(p.location!.latitude),
      longitude: degrees(p.location!.longitude),
    }));
  const fit = fitMap(points, box);
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).fill('#f4f7f2');
  doc.rect(box.x, box.y, box.width, box.height).clip();
  // the latitude/longitude grid, with its degrees at the edges
  const { south, north, west, east } = fit.bounds;
  const step = niceStep(Math.max(north - south, east - west), 5);
  for (let lat = Math.ceil(south / step) * step; lat <= north; lat += step) {
    const [, y] = fit.point(lat, west);
    doc
      .moveTo(box.x, y)
      .lineTo(box.x + box.width, y)
      .lineWidth(0.3)
      .strokeColor('#c8d0c4')
      .stroke();
    page.cell(`${lat.toFixed(decimals(step))}°`, box.x + 3, y - 9, 60, {
      size: 6,
      colour: COLOURS.muted,
    });
  }
  for (let lon = Math.ceil(west / step) * step; lon <= east; lon += step) {
    const [x] = fit.point(south, lon);
    doc
      .moveTo(x, box.y)
      .lineTo(x, box.y + box.height)
      .lineWidth(0.3)
      .strokeColor('#c8d0c4')
      .stroke();
    page.cell(`${lon.toFixed(decimals(step))}°`, x + 2, box.y + box.height - 9, 60, {
      size: 6,
      colour: COLOURS.muted,
    });
  }
  // the route
  points.forEach((p, i) => {
    const [x, y] = fit.point(p.latitude, p.longitude);
    if (i === 0) doc.moveTo(x, y);
    else doc.lineTo(x, y);
  });
  doc.lineWidth(2.2).lineJoin('round').lineCap('round').strokeColor(COLOURS.primary).stroke();
  // events: orange triangles
  for (const p of points)
    if (p.events?.length) {
      const [x, y] = fit.point(p.latitude, p.longitude);
      doc
        .polygon([x, y - 6], [x - 5, y + 3], [x + 5, y + 3])
        .fillAndStroke(COLOURS.warn, '#ffffff');
    }
  // start: green circle; end: red square
  const [sx, sy] = fit.point(points[0]!.latitude, points[0]!.longitude);
  doc.circle(sx, sy, 5).lineWidth(1.2).fillAndStroke(COLOURS.good, '#ffffff');
  const last = points[points.length - 1]!;
  const [ex, ey] = fit.point(last.latitude, last.longitude);
  doc
    .rect(ex - 4.5, ey - 4.5, 9, 9)
    .lineWidth(1.2)
    .fillAndStroke(COLOURS.bad, '#ffffff');
  doc.restore();
  // the scale bar (bottom left) and the north arrow (top right)
  const bar = scaleBar(fit.metresPerPoint, box.width / 4);
  const bx = box.x + box.width - bar.points - 50;
  const by = box.y + box.height - 16;
  doc
    .rect(bx - 4, by - 12, bar.points + 8 + 40, 20)
    .fillOpacity(0.8)
    .fill('#ffffff')
    .fillOpacity(1);
  doc
    .moveTo(bx, by - 3)
    .lineTo(bx, by)
    .lineTo(bx + bar.points, by)
    .lineTo(bx + bar.points, by - 3)
    .lineWidth(1.2)
    .strokeColor(COLOURS.text)
    .stroke();
  page.cell(lengthText(bar.metres), bx + bar.points + 4, by - 7, 40, { size: 7 });
  const nx = box.x + box.width - 20;
  const ny = box.y + 14;
  doc.polygon([nx, ny - 8], [nx - 6, ny + 8], [nx, ny + 4], [nx + 6, ny + 8]).fill(COLOURS.text);
  page.cell('N', nx - 10, ny + 10, 20, { size: 8, bold: true, align: 'center' });
  // legend
  const ly = box.y + box.height + 5;
  const legend: [string, (x: number, y: number) => void][] = [
    [page.texts.start, (x, y) => doc.circle(x, y, 4).fill(COLOURS.good)],
    [page.texts.end, (x, y) => doc.rect(x - 4, y - 4, 8, 8).fill(COLOURS.bad)],
    [
      page.texts.events,
      (x, y) => doc.polygon([x, y - 5], [x - 4.5, y + 3], [x + 4.5, y + 3]).fill(COLOURS.warn),
    ],
  ];
  legend.forEach(([label, mark], i) => {
    const x = box.x + 6 + i * 110;
    mark(x, ly + 5);
    page.cell(label, x + 8, ly + 1, 95, { size: 7.5, colour: COLOURS.muted });
  });
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  doc.y = ly + 20;
}

const decimals = (step: number) => Math.max(0, -Math.floor(Math.log10(step)));

function speedChart(page: PdfPage, facts: TripFacts, points: Datapoint[]) {
  const doc = page.doc;
  const height = 150;
  page.ensure(height + 30);
  const top = doc.y;
  const left = MARGIN + 30;
  const width = CONTENT_WIDTH - 30;
  const plot = height - 18;
  const times = points.map((p) => new Date(p.timestamp).getTime());
  const t0 = Math.min(...times);
  const t1 = Math.max(t0 + 1, ...times);
  const top_ = Math.max(10, ...points.map((p) => p.speed ?? 0));
  const step = niceStep(top_, 4);
  const max = Math.ceil(top_ / step) * step;
  const xOf = (t: number) => left + ((t - t0) / (t1 - t0)) * width;
  const yOf = (v: number) => top + plot - (v / max) * plot;
  for (let v = 0; v <= max + 1e-9; v += step) {
    doc
      .moveTo(left, yOf(v))
      .lineTo(left + width, yOf(v))
      .lineWidth(0.4)
      .strokeColor(COLOURS.rule)
      .stroke();
    page.cell(String(v), MARGIN, yOf(v) - 4, 26, {
      size: 7,
      align: 'right',
      colour: COLOURS.muted,
    });
  }
  // time ticks on round minutes
  const minutes = niceStep((t1 - t0) / 60_000, 6);
  const tick = Math.max(1, minutes) * 60_000;
  const clock = new Intl.DateTimeFormat(facts.language === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: facts.timeZone,
    hour: '2-digit',
    minute: '2-digit',
  });
  for (let t = Math.ceil(t0 / tick) * tick; t <= t1; t += tick) {
    const x = xOf(t);
    doc
      .moveTo(x, top + plot)
      .lineTo(x, top + plot + 3)
      .lineWidth(0.6)
      .strokeColor(COLOURS.muted)
      .stroke();
    page.cell(clock.format(t), x - 20, top + plot + 5, 40, {
      size: 7,
      align: 'center',
      colour: COLOURS.muted,
    });
  }
  points.forEach((p, i) => {
    const x = xOf(times[i]!);
    const y = yOf(p.speed ?? 0);
    if (i === 0) doc.moveTo(x, y);
    else doc.lineTo(x, y);
  });
  doc.lineWidth(1.4).lineJoin('round').strokeColor(COLOURS.primary).stroke();
  doc
    .moveTo(left, top + plot)
    .lineTo(left + width, top + plot)
    .lineWidth(0.8)
    .strokeColor(COLOURS.muted)
    .stroke();
  doc.y = top + height + 8;
}
