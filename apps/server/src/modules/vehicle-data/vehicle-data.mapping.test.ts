import { describe, expect, it } from 'vitest';
import { eventRecords, heatmapCell, rawDataRecord } from './vehicle-data.service.js';

const row = (
  timestamp: string,
  event_type: string,
  asset_id = 1,
  latitude: number | null = 5200000,
) => ({
  asset_id,
  driver_id: 7,
  timestamp: new Date(timestamp),
  event_type,
  latitude,
  longitude: latitude === null ? null : 480000,
});

describe('eventRecords: one record per moment and asset, its events together', () => {
  it.each([
    ['nothing', [], []],
    [
      'two events at one moment',
      [row('2026-11-05T09:15:00Z', 'HARSH_BRAKE'), row('2026-11-05T09:15:00Z', 'OVER_SPEED_START')],
      [{ timestamp: '2026-11-05T09:15:00.000Z', events: ['HARSH_BRAKE', 'OVER_SPEED_START'] }],
    ],
    [
      'two moments',
      [row('2026-11-05T09:15:00Z', 'HARSH_BRAKE'), row('2026-11-05T09:16:00Z', 'HARSH_BRAKE')],
      [
        { timestamp: '2026-11-05T09:15:00.000Z', events: ['HARSH_BRAKE'] },
        { timestamp: '2026-11-05T09:16:00.000Z', events: ['HARSH_BRAKE'] },
      ],
    ],
    [
      'one moment on two assets (a driver’s events)',
      [row('2026-11-05T09:15:00Z', 'HARSH_BRAKE', 1), row('2026-11-05T09:15:00Z', 'IDLE_START', 2)],
      [
        { timestamp: '2026-11-05T09:15:00.000Z', events: ['HARSH_BRAKE'] },
        { timestamp: '2026-11-05T09:15:00.000Z', events: ['IDLE_START'] },
      ],
    ],
  ])('%s', (_what, rows, expected) => {
    expect(
      eventRecords(rows).map((r) => ({
        timestamp: r.timestamp,
        events: r.events.map((e) => e.eventType),
      })),
    ).toEqual(expected);
  });

  it('keeps the place, the asset and the driver, and no location without one', () => {
    const [located, unknown] = eventRecords([
      row('2026-11-05T09:15:00Z', 'HARSH_BRAKE'),
      row('2026-11-05T09:16:00Z', 'HARSH_BRAKE', 1, null),
    ]);
    expect(located).toEqual({
      timestamp: '2026-11-05T09:15:00.000Z',
      location: { latitude: 5200000, longitude: 480000 },
      events: [{ eventType: 'HARSH_BRAKE' }],
      assetId: 1,
      driverId: 7,
    });
    expect(unknown!.location).toBeNull();
  });
});

describe('rawDataRecord: the metrics as fields of the record', () => {
  const stored = {
    timestamp: new Date('2026-11-05T09:00:00Z'),
    transfer_reason: 'EVENTS',
    device_id: 3,
    latitude: 5200000,
    longitude: 480000,
    speed: 54.5,
    events: [{ eventType: 'HARSH_BRAKE', timestamp: '2026-11-05T08:59:59Z' }],
    metrics: { odometer: 1000, engineHours: 10.5, harshBrakeCount: 2, somethingElse: 9 },
  };

  it('spreads the known metrics, leaves out the rest and the event times', () => {
    expect(rawDataRecord(stored)).toEqual({
      timestamp: '2026-11-05T09:00:00.000Z',
      transferReason: 'EVENTS',
      deviceId: 3,
      location: { latitude: 5200000, longitude: 480000 },
      speed: 54.5,
      events: [{ eventType: 'HARSH_BRAKE' }],
      odometer: 1000,
      engineHours: 10.5,
      harshBrakeCount: 2,
    });
  });

  it('answers a record without metrics, events or location', () => {
    expect(
      rawDataRecord({ ...stored, latitude: null, longitude: null, events: null, metrics: {} }),
    ).toEqual({
      timestamp: '2026-11-05T09:00:00.000Z',
      transferReason: 'EVENTS',
      deviceId: 3,
      location: null,
      speed: 54.5,
      events: [],
    });
  });
});

describe('heatmapCell', () => {
  it.each([
    [1, 100],
    [31, 100],
    [32, 500],
    [366, 500],
  ])('%i days → cells of %i units', (days, cell) => {
    expect(heatmapCell(days)).toBe(cell);
  });
});
