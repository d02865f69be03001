import type { Report } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { reportBody, reportKey, type RankingQuery } from './report-query';

/** POST organisations/{id}/reports/drivers: driving style per driver (and UNKNOWN) over the period. */
export const getDriverReport = (q: RankingQuery) =>
  api.post<Report>(`organisations/${q.organisationId}/reports/drivers`, reportBody(q));

export const driverReportQueryOptions = (q: RankingQuery) =>
  queryOptions({ queryKey: reportKey('drivers', q), queryFn: () => getDriverReport(q) });

export const useDriverReport = (q: RankingQuery | null) =>
  useQuery({ ...driverReportQueryOptions(q ?? placeholder), enabled: q !== null });

const placeholder: RankingQuery = {
  organisationId: 0,
  from: new Date(0),
  until: new Date(0),
  group: 'ALL',
  update: 0,
};
