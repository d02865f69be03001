import { type Report, type ReportBody } from '@fleet/contract';
import { toLocalIso } from '@/lib/fleet-time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { api } from '@/lib/auth';

export type ReportRequest = {
  type: EntityType;
  organisationId: number;
  entityId: number;
  from: Date;
  until: Date;
  /** the filter's Update time: only in the query key */
  update?: number;
} & Pick<ReportBody, 'interval' | 'trips' | 'driverLinkExtendTime'>;

/** POST organisations/{id}/reports/assets or …/drivers for one entity. */
export function getReport({
  type,
  organisationId,
  entityId,
  from,
  until,
  update: _update,
  ...rest
}: ReportRequest) {
  const body: ReportBody = {
    from: toLocalIso(from),
    until: toLocalIso(until),
    ids: [entityId],
    ...rest,
  };
  const kind = type === 'ASSET' ? 'assets' : 'drivers';
  return api.post<Report>(`organisations/${organisationId}/reports/${kind}`, body);
}

export const reportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: ['entity-report', request],
    queryFn: () => getReport(request),
  });

export const useReport = (request: ReportRequest | null) =>
  useQuery({ ...reportQueryOptions(request!), enabled: request !== null });
