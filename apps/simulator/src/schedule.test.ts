import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { DatapointInput, RAW_RECORD_METRICS, RawRecordInput } from '@fleet/contract';
import { Random } from './random.js';
import { placeIndex, roadNetwork } from './route.js';
import { liveLeg, liveStop, newVehicle, simulateHistory } from './schedule.js';
import { reportedMetrics } from './trip-recorder.js';
import { driverStyle } from './vehicle.js';

const network = roadNetwork();
const depot = placeIndex(network, 'Lelystad, Flevopoort');
const now = Date.parse('2026-11-21T21:15:00Z');

describe('live legs', () => {
  const { profile, snapshot } = newVehicle(3, depot, now - 3_600_000);
  const style = driverStyle(0.4, new Random(3));

  it('leave within a minute, at any hour, and carry the counters on', () => {
    let current = snapshot;
    let notBefore = now;
    const record = Compile(RawRecordInput);
    const datapoint = Compile(DatapointInput);
    for (let i = 0; i < 6; i++) {
      const leg = liveLeg(profile, current, notBefore, style);
      expect(leg.departure - notBefore).toBeGreaterThanOrEqual(5_000);
      expect(leg.departure - notBefore).toBeLessThanOrEqual(40_000);
      const [first, last] = [leg.output.records[0]!, leg.output.records.at(-1)!];
      expect(first.transferReason).toBe('TRIP_START');
      expect(last.transferReason).toBe('TRIP_STOP');
      expect(Date.parse(first.timestamp)).toBe(leg.departure);
      const before = reportedMetrics(current.counters);
      for (const key of RAW_RECORD_METRICS)
        expect(first[key]!, key).toBeGreaterThanOrEqual(before[key]!);
      expect((last.odometer! - first.odometer!) / 1000).toBeGreaterThan(15);
      expect(leg.output.records.every((r) => record.Check(r))).toBe(true);
      expect(leg.output.datapoints.every((d) => datapoint.Check(d))).toBe(true);
      notBefore = leg.snapshot.time + liveStop(profile, leg.snapshot.time);
      current = leg.snapshot;
    }
  });

  it('come out the same when driven again from the same place and moment', () => {
    const a = liveLeg(profile, snapshot, now, style);
    const b = liveLeg(profile, snapshot, now, style);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

describe('history', () => {
  it('sends no two records with the same timestamp and reason over a month', () => {
    for (const seed of [21, 22, 23]) {
      const { profile, snapshot } = newVehicle(seed, depot, now - 31 * 86_400_000);
      const { output } = simulateHistory(profile, snapshot, now - 30 * 86_400_000, now, () =>
        driverStyle(0.9, new Random(seed)),
      );
      const keys = output.records.map((r) => `${r.timestamp}|${r.transferReason}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(output.records.some((r) => (r.events?.length ?? 0) > 1)).toBe(true);
    }
  });
});
