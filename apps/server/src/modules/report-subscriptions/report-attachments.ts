import { MAX_SAFETY_PAGE, type AccessTokenClaims, type SafetyCase } from '@fleet/contract';
import { fileNamePart, xlsxStream, type Column, type Table } from '../../lib/table-export.js';
import { zoneVisitColumns, type ExportsService } from '../exports/index.js';
import type { SafetyService } from '../safety/index.js';
import type { ZonesService } from '../zones/index.js';
import type { ReportPeriod } from './report-period.js';
import type { ReportKindName } from './report-texts.js';

/** What the attachments are read through: the screens' own services, as the recipient. */
export interface ReportSources {
  exports: Pick<ExportsService, 'rankings' | 'drivingStylePdf'>;
  safety: Pick<SafetyService, 'list'>;
  zones: Pick<ZonesService, 'visits'>;
  timezone: string;
}

export interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface ReportRequest {
  /** the recipient: the report is read with their access */
  user: AccessTokenClaims;
  organisationId: number;
  organisationName: string;
  kind: ReportKindName;
  groupId: number | null;
  period: ReportPeriod;
  /** the recipient's (the PDF's words) */
  language: 'en' | 'nl';
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The day's midnight as the zone writes it: 2026-11-16T00:00:00+01:00 (the report's own form). */
export function localMidnight(day: string, instant: Date): string {
  const minutes = Math.round((Date.parse(`${day}T00:00:00Z`) - instant.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${day}T00:00:00${sign}${hh}:${mm}`;
}

async function xlsx(table: Table<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(table)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const SAFETY_COLUMNS: Column<SafetyCase>[] = [
  { key: 'eventTime', header: 'Time', type: 'date', value: (r) => r.eventTime },
  { key: 'eventType', header: 'Event', type: 'text', value: (r) => r.eventType },
  { key: 'assetName', header: 'Asset', type: 'text', value: (r) => r.assetName },
  { key: 'driverName', header: 'Driver', type: 'text', value: (r) => r.driverName },
  { key: 'speed', header: 'Speed', unit: 'km/h', type: 'number', value: (r) => r.speed },
  { key: 'status', header: 'Status', type: 'text', value: (r) => r.status },
  { key: 'id', header: 'Case', type: 'integer', value: (r) => r.id },
];

/**
 * The files of one report e-mail, built in one place: the rankings (assets and drivers) as the
 * exports module writes them for the screen's Excel button and its printable PDF, or the period's safety cases or zone
 * visits as the screens list them.
 */
export async function attachmentsFor(
  sources: ReportSources,
  request: ReportRequest,
): Promise<Attachment[]> {
  const { user, organisationId, period, groupId } = request;
  const name = (what: string, extension = 'xlsx') =>
    `${fileNamePart(request.organisationName)}-${what}-${period.start}-${period.end}.${extension}`;
  const table = <R>(title: string, columns: Column<R>[], rows: R[]) =>
    ({ title, columns, rows, timeZone: sources.timezone }) as Table<unknown>;
  if (request.kind === 'DRIVING_STYLE') {
    const body = {
      from: localMidnight(period.start, period.from),
      until: localMidnight(period.end, period.until),
      scoreData: true,
      drivingStyleData: true,
      ...(groupId ? { groups: [groupId] } : {}),
    };
    const files: Attachment[] = [];
    for (const kind of ['assets', 'drivers'] as const) {
      const ranking = await sources.exports.rankings(user, organisationId, kind, body);
      files.push({
        filename: name(`rankings-${kind}`),
        content: await xlsx(ranking.table),
        contentType: XLSX,
      });
      files.push({
        filename: name(`driving-style-${kind}`, 'pdf'),
        content: await sources.exports.drivingStylePdf(
          user,
          organisationId,
          kind,
          body,
          request.language,
        ),
        contentType: 'application/pdf',
      });
    }
    return files;
  }
  const window = { from: period.from.toISOString(), until: period.until.toISOString() };
  const filter = groupId ? { groupId } : {};
  if (request.kind === 'SAFETY_EVENTS') {
    const rows: SafetyCase[] = [];
    for (let offset = 0; ; offset += MAX_SAFETY_PAGE) {
      const page = await sources.safety.list(user, organisationId, {
        ...window,
        ...filter,
        limit: MAX_SAFETY_PAGE,
        offset,
      });
      rows.push(...page.rows);
      if (page.rows.length < MAX_SAFETY_PAGE || rows.length >= page.total) break;
    }
    rows.sort((a, b) => a.eventTime.localeCompare(b.eventTime) || a.id - b.id);
    return [
      {
        filename: name('safety-events'),
        content: await xlsx(table('Safety events', SAFETY_COLUMNS, rows)),
        contentType: XLSX,
      },
    ];
  }
  const visits = await sources.zones.visits(user, organisationId, { ...window, ...filter });
  return [
    {
      filename: name('zone-visits'),
      content: await xlsx(table('Zone visits', zoneVisitColumns, visits)),
      contentType: XLSX,
    },
  ];
}
