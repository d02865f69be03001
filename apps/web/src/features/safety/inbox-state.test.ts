import { describe, expect, it } from 'vitest';
import {
  caseFilter,
  pageWindow,
  readInbox,
  readQueue,
  writeInbox,
  writeQueue,
} from './inbox-state';

const empty = {
  status: undefined,
  eventType: undefined,
  assetId: undefined,
  driverId: undefined,
  hasClip: false,
  page: 1,
};

describe('the safety inbox state in the URL', () => {
  it.each([
    ['', empty],
    [
      'status=NEEDS_REVIEW&eventType=HARSH_BRAKE&assetId=4&driverId=7&hasClip=true&page=3',
      {
        status: 'NEEDS_REVIEW',
        eventType: 'HARSH_BRAKE',
        assetId: 4,
        driverId: 7,
        hasClip: true,
        page: 3,
      },
    ],
    ['status=OPEN&assetId=-1&driverId=1.5&page=0&hasClip=yes', empty],
    ['eventType=harsh%20brake&assetId=abc', empty],
  ])('reads ?%s', (query, state) => {
    expect(readInbox(new URLSearchParams(query))).toEqual(state);
  });

  it('writes what it reads, leaving defaults out', () => {
    const query = 'status=COACHED&eventType=OVER_SPEED_START&assetId=2&hasClip=true&page=2';
    expect(writeInbox(readInbox(new URLSearchParams(query))).toString()).toBe(query);
    expect(writeInbox(empty).toString()).toBe('');
  });

  it('gives the server only the filters chosen, with the period and the group', () => {
    const period = { from: '2026-11-01T00:00:00+01:00', until: '2026-11-30T23:59:59+01:00' };
    expect(caseFilter(empty, period, 'ALL')).toEqual(period);
    expect(
      caseFilter({ ...empty, status: 'DISMISSED', driverId: 3, hasClip: true }, null, 9),
    ).toEqual({ status: 'DISMISSED', driverId: 3, groupId: 9, hasClip: true });
  });

  it.each([
    [1, { limit: 10, offset: 0 }],
    [3, { limit: 10, offset: 20 }],
  ])('page %i is %o', (page, window) => {
    expect(pageWindow(page)).toEqual(window);
  });

  it('carries the queue into the case URL and back', () => {
    const filter = {
      status: 'NEEDS_REVIEW' as const,
      groupId: 5,
      from: '2026-11-01T00:00:00+01:00',
      until: '2026-11-30T23:59:59+01:00',
      hasClip: true,
    };
    expect(readQueue(new URLSearchParams(writeQueue(filter)))).toEqual(filter);
  });

  it('drops what a queue may not hold from a hand-made case URL', () => {
    expect(readQueue(new URLSearchParams('from=yesterday&until=now&groupId=x&limit=1000'))).toEqual(
      {},
    );
  });
});
