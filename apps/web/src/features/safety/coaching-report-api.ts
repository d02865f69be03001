import { endpoints, type CoachingReportQuery, type ExportFormat } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { endpointKey } from '@/lib/endpoint-key';

const safety = endpoints.safety;

/** GET organisations/{id}/safety/coaching-report for the period (none while it is invalid). */
export function useCoachingReport(organisationId: number, period: CoachingReportQuery | null) {
  const input = { params: { id: organisationId }, query: period ?? { from: '', until: '' } };
  return useQuery({
    queryKey: endpointKey(safety.coachingReport, input),
    queryFn: () => api.call(safety.coachingReport, input),
    placeholderData: keepPreviousData,
    enabled: period !== null,
  });
}

/** The same report as CSV, saved by the browser under the server's name. */
export async function downloadCoachingReport(organisationId: number, period: CoachingReportQuery) {
  const text = await api.call(safety.coachingReportCsv, {
    params: { id: organisationId },
    query: period,
  });
  const url = URL.createObjectURL(new Blob([String(text)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `coaching-report-${period.from.slice(0, 10)}-${period.until.slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Issue 21 §3: the report's cases per event type and status as CSV or Excel. */
export const exportCoachingReport = (
  organisationId: number,
  period: CoachingReportQuery,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    endpoints.exports.coachingReport,
    { params: { id: organisationId }, query: { ...period, format } },
    { fallbackName: `coaching-report.${format}`, onProgress },
  );
