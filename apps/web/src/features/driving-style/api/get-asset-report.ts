import type { Report } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { reportBody, reportKey, type RankingQuery } from './report-query';

/** POST organisations/{id}/reports/assets: driving style per asset over the period. */
export const getAssetReport = (q: RankingQuery) =>
  api.post<Report>(`organisations/${q.organisationId}/reports/assets`, reportBody(q));

export const assetReportQueryOptions = (q: RankingQuery) =>
  queryOptions({ queryKey: reportKey('assets', q), queryFn: () => getAssetReport(q) });

export const useAssetReport = (q: RankingQuery | null) =>
  useQuery({ ...assetReportQueryOptions(q ?? placeholder), enabled: q !== null });

const placeholder: RankingQuery = {
  organisationId: 0,
  from: new Date(0),
  until: new Date(0),
  group: 'ALL',
  update: 0,
};
