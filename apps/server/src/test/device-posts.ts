import type { TestApp } from './test-app.js';

/** A PERIODIC record `minute` minutes after 2026-11-10 08:00 (+01:00), its odometer moving on. */
export const periodicRecord = (minute: number) => ({
  timestamp: new Date(Date.parse('2026-11-10T08:00:00+01:00') + minute * 60_000).toISOString(),
  transferReason: 'PERIODIC',
  location: { latitude: 5200000, longitude: 480000 },
  odometer: 1_000_000 + minute * 1000,
});

/** POST /device-api/v1/records as the device of `credential`. */
export const postRecords = (t: TestApp, credential: string, records: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${credential}` },
    payload: { records },
  });
