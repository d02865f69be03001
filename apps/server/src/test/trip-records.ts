/**
 * The device records of one 30-minute trip of `km` from `hh`:00 local time (+01:00) on `day`,
 * the odometer at `at` km before it (the report and export tests).
 */
export const tripRecords = (day: string, hh: string, at: number, km: number) =>
  (
    [
      [`${day}T${hh}:00:00+01:00`, 'TRIP_START', at],
      [`${day}T${hh}:15:00+01:00`, 'PERIODIC', at + km / 2],
      [`${day}T${hh}:30:00+01:00`, 'TRIP_STOP', at + km],
    ] as const
  ).map(([timestamp, transferReason, k]) => ({
    timestamp,
    transferReason,
    location: { latitude: 5200000 + Math.round(k * 100), longitude: 480000 },
    odometer: 1_000_000 + Math.round(k * 1000),
    drivingTime: Math.round(k * 60),
  }));
