import { afterEach, describe, expect, it } from 'vitest';
import { getFleetZone, setFleetZone } from './fleet-time';
import { reportBody, reportKey, TRIPS_DAY_LINK_EXTEND_TIME } from './report-body';

const runnerZone = getFleetZone();
afterEach(() => setFleetZone(runnerZone));

const from = new Date('2026-11-22T23:00:00Z');
const until = new Date('2026-11-23T22:59:59Z');

describe('report bodies (spec §7)', () => {
  it('sends the period in the fleet’s zone with scores and statistics, all groups by default', () => {
    setFleetZone('Europe/Amsterdam');
    expect(reportBody({ kind: 'assets', organisationId: 3, from, until })).toEqual({
      from: '2026-11-23T00:00:00+01:00',
      until: '2026-11-23T23:59:59+01:00',
      scoreData: true,
      drivingStyleData: true,
    });
  });

  it('asks for one entity, or one group', () => {
    expect(
      reportBody({ kind: 'drivers', organisationId: 3, from, until, entityId: 9 }).ids,
    ).toEqual([9]);
    expect(reportBody({ kind: 'assets', organisationId: 3, from, until, group: 4 }).groups).toEqual(
      [4],
    );
  });

  it.each(['assets', 'drivers'] as const)(
    'sends driverLinkExtendTime 0 for the Trips day view of %s',
    (kind) => {
      const body = reportBody({
        kind,
        organisationId: 3,
        from,
        until,
        entityId: 9,
        trips: true,
        driverLinkExtendTime: TRIPS_DAY_LINK_EXTEND_TIME,
      });
      expect(body).toMatchObject({ trips: true, driverLinkExtendTime: 0 });
    },
  );

  it('keys a report by what it asks and the Update time', () => {
    const request = { kind: 'assets' as const, organisationId: 3, from, until };
    expect(reportKey(request)).not.toEqual(reportKey({ ...request, update: 5 }));
    expect(reportKey(request)).not.toEqual(reportKey({ ...request, kind: 'drivers' }));
    expect(reportKey(request)).toEqual(reportKey({ ...request }));
  });
});
