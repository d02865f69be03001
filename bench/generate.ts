import type { RawRecordInput } from '@fleet/contract';

/** A small, seeded PRNG (mulberry32), so every run sends the same data. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

type Counters = Required<
  Pick<
    RawRecordInput,
    | 'odometer'
    | 'engineHours'
    | 'totalFuelUsed'
    | 'fuelUsedIdle'
    | 'fuelUsedPTO'
    | 'drivingTime'
    | 'cruiseTime'
    | 'coastTime'
    | 'ptoTime'
    | 'idleTime'
    | 'accelerationTime'
    | 'decelerationTime'
    | 'engineBrakeTime'
    | 'retarderTime'
    | 'idleThresholdTime'
    | 'speedThresholdTime'
    | 'rpmThresholdTime'
    | 'torqueThresholdTime'
    | 'harshAccelerationThresholdTime'
    | 'harshBrakeCount'
    | 'harshAccelerationCount'
    | 'stops'
    | 'brakeUsages'
  >
>;

/**
 * What one truck's unit sends over a stretch of time, as the device protocol
 * describes it: per trip TRIP_START, PERIODIC every minute while driving,
 * EVENTS now and then (harsh brakes, over-speed), TRIP_STOP; PERIODIC hourly
 * while parked. Counters are cumulative and only move forward.
 * About three trips and eight driving hours a day (≈ 520 records a day).
 */
export function deviceRecords(
  seed: number,
  from: Date,
  count: number,
  notAfter: Date,
): RawRecordInput[] {
  const rnd = random(seed);
  const records: RawRecordInput[] = [];
  const c: Counters = {
    odometer: Math.round(10_000_000 + rnd() * 400_000_000),
    engineHours: round(2000 + rnd() * 20000, 2),
    totalFuelUsed: round(50_000 + rnd() * 400_000, 1),
    fuelUsedIdle: round(2000 + rnd() * 10000, 1),
    fuelUsedPTO: round(rnd() * 500, 1),
    drivingTime: Math.round(5e6 + rnd() * 5e7),
    cruiseTime: Math.round(1e6 + rnd() * 1e7),
    coastTime: Math.round(3e5 + rnd() * 3e6),
    ptoTime: Math.round(rnd() * 1e5),
    idleTime: Math.round(5e5 + rnd() * 5e6),
    accelerationTime: Math.round(1e6 + rnd() * 1e7),
    decelerationTime: Math.round(1e6 + rnd() * 1e7),
    engineBrakeTime: Math.round(1e5 + rnd() * 1e6),
    retarderTime: Math.round(1e5 + rnd() * 1e6),
    idleThresholdTime: Math.round(rnd() * 1e6),
    speedThresholdTime: Math.round(rnd() * 1e6),
    rpmThresholdTime: Math.round(rnd() * 1e6),
    torqueThresholdTime: Math.round(rnd() * 1e6),
    harshAccelerationThresholdTime: Math.round(rnd() * 1e5),
    harshBrakeCount: Math.round(rnd() * 500),
    harshAccelerationCount: Math.round(rnd() * 500),
    stops: Math.round(10_000 + rnd() * 20_000),
    brakeUsages: Math.round(100_000 + rnd() * 200_000),
  };
  let lat = 5_100_000 + Math.round(rnd() * 250_000);
  let lon = 400_000 + Math.round(rnd() * 300_000);
  let t = from.getTime() + Math.round(rnd() * 30 * MINUTE);
  const limit = notAfter.getTime();
  const full = () => ({
    ...c,
    engineHours: round(c.engineHours, 2),
    totalFuelUsed: round(c.totalFuelUsed, 2),
    fuelUsedIdle: round(c.fuelUsedIdle, 2),
  });
  const push = (record: RawRecordInput) => {
    if (records.length < count && t <= limit) records.push(record);
  };
  const at = () => new Date(t).toISOString();
  const location = () => ({ latitude: lat, longitude: lon });

  let tripOfDay = 0;
  while (records.length < count && t <= limit) {
    // A trip: about 2 h 40 min of driving.
    push({
      timestamp: at(),
      transferReason: 'TRIP_START',
      location: location(),
      speed: 0,
      ...full(),
    });
    const minutes = 130 + Math.round(rnd() * 60);
    for (let m = 1; m <= minutes && records.length < count; m++) {
      t += MINUTE;
      const speed = Math.round(40 + rnd() * 50);
      const driving = 45 + Math.round(rnd() * 15);
      c.odometer += Math.round((speed / 3.6) * driving);
      c.engineHours += 1 / 60;
      c.totalFuelUsed += 0.35 + rnd() * 0.2;
      c.fuelUsedIdle += (60 - driving) * 0.0005;
      c.drivingTime += driving;
      c.idleTime += 60 - driving;
      c.cruiseTime += Math.round(driving * rnd() * 0.6);
      c.coastTime += Math.round(rnd() * 8);
      c.accelerationTime += Math.round(8 + rnd() * 10);
      c.decelerationTime += Math.round(5 + rnd() * 8);
      c.engineBrakeTime += Math.round(rnd() * 5);
      c.retarderTime += Math.round(rnd() * 3);
      c.speedThresholdTime += speed > 85 ? Math.round(rnd() * 30) : 0;
      c.rpmThresholdTime += Math.round(rnd() * 2);
      c.torqueThresholdTime += Math.round(rnd() * 3);
      c.harshAccelerationThresholdTime += Math.round(rnd() * 1.2);
      c.stops += rnd() < 0.15 ? 1 : 0;
      c.brakeUsages += Math.round(rnd() * 4);
      lat += Math.round((rnd() - 0.5) * 1500);
      lon += Math.round((rnd() - 0.5) * 2200);
      if (rnd() < 0.05) {
        // Something happened between two periodic records.
        const harsh = rnd() < 0.6;
        if (harsh) c.harshBrakeCount += 1;
        else c.harshAccelerationCount += 1;
        const saved = t;
        t -= Math.round(rnd() * 50_000) + 1000;
        push({
          timestamp: at(),
          transferReason: 'EVENTS',
          location: location(),
          speed,
          events: [{ eventType: harsh ? 'HARSH_BRAKE' : 'HARSH_ACCELERATION' }],
          odometer: c.odometer,
          harshBrakeCount: c.harshBrakeCount,
          harshAccelerationCount: c.harshAccelerationCount,
        });
        t = saved;
      }
      push({ timestamp: at(), transferReason: 'PERIODIC', location: location(), speed, ...full() });
    }
    t += 30_000;
    c.stops += 1;
    push({
      timestamp: at(),
      transferReason: 'TRIP_STOP',
      location: location(),
      speed: 0,
      ...full(),
    });
    // Parked: a break between trips, or the night after the third; hourly PERIODIC.
    tripOfDay = (tripOfDay + 1) % 3;
    const parked =
      tripOfDay === 0 ? 11 * HOUR + rnd() * 2 * HOUR : 45 * MINUTE + rnd() * 60 * MINUTE;
    const end = t + parked;
    while (t + HOUR < end) {
      t += HOUR;
      push({
        timestamp: at(),
        transferReason: 'PERIODIC',
        location: location(),
        speed: 0,
        ...full(),
      });
    }
    t = Math.round(end);
  }
  return records;
}

const copyValue = (v: unknown) => (v === null || v === undefined ? '\\N' : String(v));

/**
 * The raw_records row the server would store for a record, as a line of
 * COPY's text format (our JSON holds no tab, newline or backslash).
 */
export function copyLine(deviceId: number, assetId: number, r: RawRecordInput): string {
  const { timestamp, transferReason, location, speed, events, ...metrics } = r;
  return [
    deviceId,
    timestamp,
    transferReason,
    assetId,
    copyValue(location?.latitude),
    copyValue(location?.longitude),
    copyValue(speed),
    events?.length ? JSON.stringify(events) : '\\N',
    JSON.stringify(metrics),
  ].join('\t');
}
