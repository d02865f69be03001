import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
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
