import { type ReportBody } from '@fleet/contract';
import { toLocalIso } from '@/lib/fleet-time';
import type { GroupFilter } from '@/lib/filter';

/** What a ranking report asks for: the period and group of the shared filter. */
export interface RankingQuery {
  organisationId: number;
  from: Date;
  until: Date;
  group: GroupFilter;
  /** the filter's update stamp: a new one asks again */
  update: number;
}

/** The body of POST reports/assets and reports/drivers (spec §7), dates in local time with offset. */
export const reportBody = ({ from, until, group }: RankingQuery): ReportBody => ({
  from: toLocalIso(from),
  until: toLocalIso(until),
  scoreData: true,
  drivingStyleData: true,
  ...(group === 'ALL' ? {} : { groups: [group] }),
});

export const reportKey = (kind: 'assets' | 'drivers', q: RankingQuery) =>
  [
    'organisations',
    q.organisationId,
    'reports',
    kind,
    q.from.getTime(),
    q.until.getTime(),
    q.group,
    q.update,
  ] as const;
