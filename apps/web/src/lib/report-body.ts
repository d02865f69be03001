import { endpoints, type ReportBody } from '@fleet/contract';
import { endpointKey } from './endpoint-key';
import { toLocalIso } from './fleet-time';

/** assets or drivers: which report of spec §7 (POST organisations/{id}/reports/{kind}). */
export type ReportKind = 'assets' | 'drivers';

/** A group filter: 'ALL' or one group id. */
export type ReportGroup = 'ALL' | number;

/** What a screen asks a report for; the body is built from it in one place. */
export type ReportRequest = {
  kind: ReportKind;
  organisationId: number;
  from: Date;
  until: Date;
  /** one entity; without it, the whole organisation (of `group`) */
  entityId?: number;
  group?: ReportGroup;
  /** the filter's Update time: only in the query key, so that pressing Update asks again */
  update?: number;
} & Pick<ReportBody, 'interval' | 'trips' | 'driverLinkExtendTime'>;

/**
 * Spec §7: the Trips day view takes a driver link as it held, without extension, for assets
 * and drivers alike.
 */
export const TRIPS_DAY_LINK_EXTEND_TIME = 0;

/** The body of POST reports/assets and reports/drivers (spec §7), times in the fleet's zone. */
export function reportBody(request: ReportRequest): ReportBody {
  const { from, until, entityId, group = 'ALL', interval, trips, driverLinkExtendTime } = request;
  return {
    from: toLocalIso(from),
    until: toLocalIso(until),
    scoreData: true,
    drivingStyleData: true,
    ...(interval ? { interval } : {}),
    ...(trips ? { trips } : {}),
    ...(driverLinkExtendTime !== undefined ? { driverLinkExtendTime } : {}),
    ...(entityId !== undefined ? { ids: [entityId] } : {}),
    ...(group === 'ALL' ? {} : { groups: [group] }),
  };
}

/**
 * The query key of a report: its call's (organisations/{id}/reports/{kind}), then everything that
 * changes its answer (the body, where a GET has its query) and the Update time.
 */
export const reportKey = (request: ReportRequest) =>
  endpointKey(endpoints.reports[request.kind], {
    params: { id: request.organisationId },
    query: { ...reportBody(request), update: request.update ?? 0 },
  });
