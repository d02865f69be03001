import {
  ALL_GROUPS,
  type AccessTokenClaims,
  type GroupListQuery,
  type Report,
  type ReportBody,
} from '@fleet/contract';
import { fileNamePart } from '../../../lib/table-export.js';
import { alertWhat } from '../../alerts/index.js';
import type { ExportSources } from '../exports.service.js';
import { rankingRows } from '../export-tables.js';
import { drivingStylePdfDocument } from './driving-style-pdf.js';
import { tripPdfDocument } from './trip-pdf.js';
import { dateTimeText, PDF_TEXTS, type PdfLanguage } from './pdf-texts.js';

/** A PDF ready to send: its bytes and its file name (without extension). */
export interface PdfFile {
  pdf: Buffer;
  name: string;
}

/**
 * The printable PDFs (issue 21 §3, docs/exports.md): the driving-style report and a trip. The
 * data comes through the screens' own service calls (their access checks, period, group and
 * order); the drawing is in driving-style-pdf.ts and trip-pdf.ts.
 */
export class PdfExports {
  constructor(private readonly sources: ExportSources) {}

  /** The driving-style rankings of `body` (the rankings export's body) as a PDF. */
  async drivingStyle(
    user: AccessTokenClaims,
    organisationId: number,
    kind: 'assets' | 'drivers',
    body: ReportBody,
    language: PdfLanguage,
    signal?: AbortSignal,
  ): Promise<PdfFile> {
    const report: Report = [];
    for await (const interval of this.sources.reports[kind](user, organisationId, body, signal))
      report.push(interval);
    const organisation = await this.sources.organisationName(organisationId);
    const zone = this.sources.timezone;
    const pdf = await drivingStylePdfDocument({
      kind,
      organisation,
      period: `${dateTimeText(body.from, zone, language)} – ${dateTimeText(body.until, zone, language)}`,
      group: await this.groupText(user, organisationId, body, language),
      generated: dateTimeText(new Date().toISOString(), zone, language),
      rows: rankingRows(report, kind === 'assets' ? 'asset' : 'driver'),
      language,
    });
    return {
      pdf,
      name: `${fileNamePart(organisation)}-rankings-${kind}-${body.from.slice(0, 10)}-${body.until.slice(0, 10)}`,
    };
  }

  /** One trip of an asset as a PDF. */
  async trip(
    user: AccessTokenClaims,
    assetId: number,
    tripId: number,
    language: PdfLanguage,
    signal?: AbortSignal,
  ): Promise<PdfFile> {
    const { assetName, trip, positions, organisationId } = await this.sources.vehicleData.trip(
      user,
      assetId,
      tripId,
      signal,
    );
    const zone = this.sources.timezone;
    const pdf = await tripPdfDocument({
      organisation: await this.sources.organisationName(organisationId),
      assetName,
      trip,
      positions,
      eventName: (type) => alertWhat(language, 'event', type),
      timeZone: zone,
      generated: new Date().toISOString(),
      language,
    });
    return {
      pdf,
      name: `${fileNamePart(assetName)}-trip-${tripId}-${trip.startTime.slice(0, 10)}`,
    };
  }

  /** The report's group(s) by name, or "All groups". */
  private async groupText(
    user: AccessTokenClaims,
    organisationId: number,
    body: ReportBody,
    language: PdfLanguage,
  ): Promise<string> {
    const refs =
      body.group !== undefined
        ? [body.group]
        : body.groups === undefined || body.groups === ALL_GROUPS
          ? []
          : body.groups;
    const ids = refs.filter((g): g is number => g !== ALL_GROUPS);
    if (ids.length === 0) return PDF_TEXTS[language].allGroups;
    const { rows } = await this.sources.groups.list(user, organisationId, {} as GroupListQuery);
    const names = new Map(rows.map((g) => [g.id, g.name]));
    return ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
  }
}
