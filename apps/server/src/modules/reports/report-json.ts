import {
  DrivingStyleData,
  ScoreData,
  type ReportData,
  type ReportInterval,
  type ReportTrip,
} from '@fleet/contract';

/**
 * A report interval's JSON text, the same as the route's schema (ReportInterval) serialises it,
 * written by hand: a year of daily intervals of a thousand assets is 13 million numbers, and
 * writing them was most of the report's work. Values to three decimals (all of a report's) are
 * written from their thousandths, integer formatting several times cheaper than a double's
 * shortest form; report-json.test.ts holds this text to the schema's serialiser.
 */
export function reportIntervalJson(interval: ReportInterval): string {
  let out = `{"from":${string(interval.from)},"until":${string(interval.until)}`;
  if (interval.day !== undefined) out += `,"day":${string(interval.day)}`;
  if (interval.assetPeriodData !== undefined) {
    out += ',"assetPeriodData":[';
    interval.assetPeriodData.forEach((a, i) => {
      out += `${i ? ',' : ''}{"assetId":${numberJson(a.assetId)},"assetName":${string(a.assetName)},"assetData":${dataJson(a.assetData)}}`;
    });
    out += ']';
  }
  if (interval.driverPeriodData !== undefined) {
    out += ',"driverPeriodData":[';
    interval.driverPeriodData.forEach((d, i) => {
      out += `${i ? ',' : ''}{"driverId":${numberJson(d.driverId)},"driverName":${string(d.driverName)},"driverData":${dataJson(d.driverData)}}`;
    });
    out += ']';
  }
  return `${out}}`;
}

const string = (value: string) => JSON.stringify(value);

/**
 * A number as JSON text, as String(value) writes it (not finite: null, as the schema's
 * serialiser writes Infinity). A value of at most three decimals below 10¹² is written from its
 * thousandths: there the doubles are closer together than 0.001, so that decimal is the
 * shortest one that reads back as the value, the one String() writes.
 */
export function numberJson(value: number): string {
  if (!Number.isFinite(value)) return 'null';
  const n = Math.round(value * 1000);
  if (n / 1000 !== value || n >= 1e15 || n <= -1e15) return String(value);
  const whole = Math.trunc(n / 1000);
  const frac = Math.abs(n - whole * 1000);
  if (frac === 0) return String(whole);
  const head = whole === 0 && n < 0 ? '-0' : String(whole);
  if (frac % 100 === 0) return `${head}.${frac / 100}`;
  if (frac % 10 === 0) return `${head}.${frac < 100 ? '0' : ''}${frac / 10}`;
  return `${head}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

/** Writes an object of numbers with the keys of `schema`, in its order (the serialiser's). */
function numbersWriter<T>(schema: { properties: object }): (values: T) => string {
  const keys = Object.keys(schema.properties);
  const heads = keys.map((key, i) => `${i ? ',' : '{'}"${key}":`);
  return (values) => {
    let out = '';
    for (let i = 0; i < keys.length; i++)
      out += heads[i]! + numberJson((values as Record<string, number>)[keys[i]!]!);
    return `${out}}`;
  };
}

const statsJson = numbersWriter<DrivingStyleData>(DrivingStyleData);
const scoresJson = numbersWriter<ScoreData>(ScoreData);

const locationJson = (l: ReportTrip['startLocation']) =>
  l === null
    ? 'null'
    : `{"latitude":${numberJson(l.latitude)},"longitude":${numberJson(l.longitude)}}`;

const tripJson = (t: ReportTrip) =>
  `{"tripId":${numberJson(t.tripId)},"startTime":${string(t.startTime)},"endTime":${t.endTime === null ? 'null' : string(t.endTime)},"startLocation":${locationJson(t.startLocation)},"endLocation":${locationJson(t.endLocation)}}`;

/** The statistics and scores of an entry or a part, each with its comma. */
const figuresJson = (d: Pick<ReportData, 'drivingStyleData' | 'scoreData'>) =>
  (d.drivingStyleData === undefined ? '' : `,"drivingStyleData":${statsJson(d.drivingStyleData)}`) +
  (d.scoreData === undefined ? '' : `,"scoreData":${scoresJson(d.scoreData)}`);

function dataJson(data: ReportData[]): string {
  let out = '[';
  data.forEach((d, i) => {
    let entry = figuresJson(d);
    if (d.trips !== undefined) entry += `,"trips":[${d.trips.map(tripJson).join(',')}]`;
    if (d.parts !== undefined)
      entry += `,"parts":[${d.parts
        .map((p) => `{"id":${numberJson(p.id)},"name":${string(p.name)}${figuresJson(p)}}`)
        .join(',')}]`;
    out += `${i ? ',' : ''}{${entry.slice(1)}}`;
  });
  return `${out}]`;
}
