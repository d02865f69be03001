import { endpoints, type ExportFormat } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { reportBody, reportKey, type ReportRequest } from '@/lib/report-body';

/** POST organisations/{id}/reports/assets or …/drivers: the one report fetcher of every screen. */
export const getReport = (request: ReportRequest) =>
  api.call(endpoints.reports[request.kind], {
    params: { id: request.organisationId },
    body: reportBody(request),
  });

export const reportQueryOptions = (request: ReportRequest) =>
  queryOptions({ queryKey: reportKey(request), queryFn: () => getReport(request) });

/** A report, or nothing while `request` is null (no valid period, or not needed). */
export const useReport = (request: ReportRequest | null) =>
  useQuery({ ...reportQueryOptions(request ?? IDLE), enabled: request !== null });

const IDLE: ReportRequest = {
  kind: 'assets',
  organisationId: 0,
  from: new Date(0),
  until: new Date(0),
};

/** Issue 21 §3: an asset's or driver's calendar (the report of `request`, its one id), as a file. */
export const exportCalendar = (
  request: ReportRequest,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    endpoints.exports.calendar,
    {
      params: { id: request.organisationId, kind: request.kind },
      query: { format },
      body: reportBody(request),
    },
    { fallbackName: `calendar.${format}`, onProgress },
  );
