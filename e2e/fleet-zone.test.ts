import { describe, expect, it } from 'vitest';
import { fleetZone, zoneWithHourIn } from './fleet-zone.js';

describe('the fleet zone of a run', () => {
  it.each([
    ['Amsterdam at noon', '2026-11-27T11:00:00Z', 'Europe/Amsterdam'],
    ['Amsterdam at 20:59', '2026-11-27T19:59:00Z', 'Europe/Amsterdam'],
    ['Amsterdam at 21:00 (winter)', '2026-11-27T20:00:00Z', 'Pacific/Honolulu'],
    ['Amsterdam at 23:40, the failed CI run', '2026-11-27T22:40:00Z', 'Pacific/Honolulu'],
    ['Amsterdam at 00:30', '2026-11-27T23:30:00Z', 'Pacific/Honolulu'],
    ['Amsterdam at 02:59', '2026-11-28T01:59:00Z', 'Pacific/Honolulu'],
    ['Amsterdam at 03:00', '2026-11-28T02:00:00Z', 'Europe/Amsterdam'],
    ['Amsterdam at 21:30 in summer (UTC+2)', '2026-07-01T19:30:00Z', 'Pacific/Honolulu'],
    ['Amsterdam at 20:30 in summer', '2026-07-01T18:30:00Z', 'Europe/Amsterdam'],
  ])('%s', (_, at, zone) => {
    expect(fleetZone(new Date(at))).toBe(zone);
  });

  it('is away from midnight at every quarter hour of a year', () => {
    for (
      let t = Date.parse('2026-01-01T00:00:00Z');
      t < Date.parse('2027-01-01T00:00:00Z');
      t += 15 * 60_000
    )
      expect(() => fleetZone(new Date(t))).not.toThrow();
  });

  it('says so when no zone has the hour', () => {
    expect(() =>
      zoneWithHourIn(new Date('2026-11-27T23:30:00Z'), ['Europe/Amsterdam'], 3, 20),
    ).toThrow('none of Europe/Amsterdam is between 3:00 and 20:59 at 2026-11-27T23:30:00.000Z');
  });
});
