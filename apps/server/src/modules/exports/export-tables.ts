import {
  calendarTotals,
  SAFETY_CASE_STATUSES,
  type AssetMonitoring,
  type CoachingReport,
  type CoachingTypeRow,
  type EventRecord,
  type ZoneVisit,
  distanceRanking,
  rankingTotals,
  scoreRanking,
  type AssetListItem,
  type DeviceListItem,
  type DriverListItem,
  type FleetEntry,
  type GroupListItem,
  type MediaItem,
  RAW_RECORD_METRICS,
  RawRecordMetrics,
  type RawData,
  type Report,
  type Trip,
  type User,
} from '@fleet/contract';
import type { Column } from '../../lib/table-export.js';

/**
 * The columns of each screen's export, pure: the rows are the screen's own call's answer
 * (docs/exports.md). Units in the headers; dates as ISO times (the writers show them in the
 * organisation's zone); durations in seconds.
 */
const km = (metres: number) => Math.round(metres) / 1000;
const degrees = (e5: number | undefined) => (e5 === undefined ? null : e5 / 100_000);

/** A position's two columns in degrees: `key` Latitude and `key` Longitude (e.g. start). */
function positionColumns<T>(
  where: (row: T) => { latitude: number; longitude: number } | null | undefined,
  key = '',
): Column<T>[] {
  const name = (axis: 'latitude' | 'longitude') =>
    key ? `${key}${axis[0]!.toUpperCase()}${axis.slice(1)}` : axis;
  const header = (axis: string) =>
    key
      ? `${key[0]!.toUpperCase()}${key.slice(1)} ${axis}`
      : `${axis[0]!.toUpperCase()}${axis.slice(1)}`;
  return (['latitude', 'longitude'] as const).map((axis) => ({
    key: name(axis),
    header: header(axis),
    unit: '°',
    type: 'number',
    value: (row: T) => degrees(where(row)?.[axis]),
  }));
}

export interface RankingRow {
  id: number;
  name: string;
  distance: number;
  score: number | null;
  distanceRank: number | null;
  scoreRank: number | null;
}

/**
 * The rankings of the driving-style screen over a report: every asset or driver of the report,
 * by the screen's rules (contract ranking.ts), in the distance ranking's order, then the rest.
 */
export function rankingRows(report: Report, kind: 'asset' | 'driver'): RankingRow[] {
  const totals = rankingTotals(report, kind);
  const byDistance = distanceRanking(totals);
  const scoreRanks = new Map(scoreRanking(totals).map((e) => [e.id, e.rank]));
  const distanceRanks = new Map(byDistance.map((e) => [e.id, e.rank]));
  const order = [...byDistance, ...totals.filter((t) => !distanceRanks.has(t.id))];
  return order.map((t) => ({
    id: t.id,
    name: t.name,
    distance: t.distance,
    score: t.score,
    distanceRank: distanceRanks.get(t.id) ?? null,
    scoreRank: scoreRanks.get(t.id) ?? null,
  }));
}

export const rankingColumns = (kind: 'asset' | 'driver'): Column<RankingRow>[] => [
  { key: 'distanceRank', header: 'Distance rank', type: 'integer', value: (r) => r.distanceRank },
  {
    key: 'name',
    header: kind === 'asset' ? 'Asset' : 'Driver',
    type: 'text',
    value: (r) => r.name,
  },
  { key: 'id', header: 'Id', type: 'integer', value: (r) => r.id },
  { key: 'distance', header: 'Distance', unit: 'km', type: 'number', value: (r) => km(r.distance) },
  {
    key: 'score',
    header: 'Total score',
    unit: '0-100',
    type: 'number',
    value: (r) => (r.score === null ? null : Math.round(r.score * 10) / 10),
  },
  { key: 'scoreRank', header: 'Score rank', type: 'integer', value: (r) => r.scoreRank },
];

export const fleetColumns: Column<FleetEntry>[] = [
  { key: 'assetName', header: 'Asset', type: 'text', value: (r) => r.assetName },
  { key: 'assetId', header: 'Asset id', type: 'integer', value: (r) => r.assetId },
  { key: 'driverName', header: 'Driver', type: 'text', value: (r) => r.driverName },
  { key: 'time', header: 'Last data', type: 'date', value: (r) => r.time },
  { key: 'moving', header: 'Driving', type: 'text', value: (r) => (r.trip ? 'yes' : 'no') },
  { key: 'speed', header: 'Speed', unit: 'km/h', type: 'number', value: (r) => r.speed },
  ...positionColumns<FleetEntry>((r) => r.location),
  { key: 'tripStart', header: 'Latest trip start', type: 'date', value: (r) => r.tripStartTime },
  { key: 'tripEnd', header: 'Latest trip end', type: 'date', value: (r) => r.tripEndTime },
  {
    key: 'tripDistance',
    header: 'Latest trip distance',
    unit: 'km',
    type: 'number',
    value: (r) => (r.drivingStyleData ? km(r.drivingStyleData.drivingDistance) : null),
  },
  {
    key: 'tripDrivingTime',
    header: 'Latest trip driving time',
    unit: 'h:mm:ss',
    type: 'duration',
    value: (r) => r.drivingStyleData?.drivingTime ?? null,
  },
  {
    key: 'tripScore',
    header: 'Latest trip score',
    unit: '0-100',
    type: 'number',
    value: (r) => r.scoreData?.totalScore ?? null,
  },
];

export const assetColumns: Column<AssetListItem>[] = [
  { key: 'name', header: 'Name', type: 'text', value: (r) => r.name },
  { key: 'id', header: 'Id', type: 'integer', value: (r) => r.id },
  { key: 'licencePlate', header: 'Licence plate', type: 'text', value: (r) => r.licencePlate },
  { key: 'device', header: 'Device', type: 'text', value: (r) => r.deviceName },
  { key: 'driver', header: 'Driver', type: 'text', value: (r) => r.driverName },
  {
    key: 'configurationGroup',
    header: 'Configuration group',
    type: 'text',
    value: (r) => r.configurationGroupName,
  },
];

export const driverColumns: Column<DriverListItem>[] = [
  { key: 'firstName', header: 'First name', type: 'text', value: (r) => r.firstName },
  { key: 'lastName', header: 'Last name', type: 'text', value: (r) => r.lastName },
  { key: 'id', header: 'Id', type: 'integer', value: (r) => r.id },
  { key: 'phone', header: 'Phone', type: 'text', value: (r) => r.phone },
  { key: 'asset', header: 'Asset', type: 'text', value: (r) => r.assetName },
];

export const deviceColumns: Column<DeviceListItem>[] = [
  { key: 'name', header: 'Name', type: 'text', value: (r) => r.name },
  { key: 'id', header: 'Id', type: 'integer', value: (r) => r.id },
  { key: 'identifier', header: 'Identifier', type: 'text', value: (r) => r.identifier },
  { key: 'lastSeen', header: 'Last seen', type: 'date', value: (r) => r.lastSeen },
  { key: 'online', header: 'Online', type: 'text', value: (r) => (r.online ? 'yes' : 'no') },
  { key: 'asset', header: 'Asset', type: 'text', value: (r) => r.assetName },
  {
    key: 'settings',
    header: 'Settings',
    type: 'text',
    value: (r) => r.configuration?.state ?? null,
  },
];

export const groupColumns: Column<GroupListItem>[] = [
  { key: 'name', header: 'Name', type: 'text', value: (r) => r.name },
  { key: 'id', header: 'Id', type: 'integer', value: (r) => r.id },
  { key: 'active', header: 'Active', type: 'text', value: (r) => (r.active ? 'yes' : 'no') },
  { key: 'assetCount', header: 'Assets', type: 'integer', value: (r) => r.assetCount },
  { key: 'driverCount', header: 'Drivers', type: 'integer', value: (r) => r.driverCount },
];

export const userColumns: Column<User>[] = [
  { key: 'name', header: 'Name', type: 'text', value: (r) => r.name },
  { key: 'username', header: 'User name', type: 'text', value: (r) => r.username },
  { key: 'role', header: 'Role', type: 'text', value: (r) => r.user_role },
  { key: 'id', header: 'Id', type: 'integer', value: (r) => r.id },
];

export const tripColumns: Column<Trip>[] = [
  { key: 'id', header: 'Trip', type: 'integer', value: (r) => r.id },
  { key: 'start', header: 'Start', type: 'date', value: (r) => r.startTime },
  { key: 'end', header: 'End', type: 'date', value: (r) => r.endTime },
  {
    key: 'drivers',
    header: 'Drivers',
    type: 'text',
    value: (r) => r.drivers.map((d) => d.name).join(', ') || null,
  },
  {
    key: 'distance',
    header: 'Distance',
    unit: 'km',
    type: 'number',
    value: (r) => km(r.drivingStyleData.drivingDistance),
  },
  {
    key: 'drivingTime',
    header: 'Driving time',
    unit: 'h:mm:ss',
    type: 'duration',
    value: (r) => r.drivingStyleData.drivingTime,
  },
  {
    key: 'idleTime',
    header: 'Idle time',
    unit: 'h:mm:ss',
    type: 'duration',
    value: (r) => r.drivingStyleData.idleTime,
  },
  {
    key: 'score',
    header: 'Total score',
    unit: '0-100',
    type: 'number',
    value: (r) => r.scoreData.totalScore,
  },
  ...positionColumns<Trip>((r) => r.startLocation, 'start'),
  ...positionColumns<Trip>((r) => r.endLocation, 'end'),
];

/** A metric's unit, from the contract's description ("Total vehicle distance, metres; cumulative"). */
const metricUnit = (metric: (typeof RAW_RECORD_METRICS)[number]): string | undefined => {
  const description = (RawRecordMetrics.properties[metric] as { description?: string }).description;
  const text = description?.split(';')[0];
  const unit = text?.split(', ').at(-1);
  return unit && unit !== text ? unit : undefined;
};

export const rawDataColumns: Column<RawData>[] = [
  { key: 'timestamp', header: 'Time', type: 'date', value: (r) => r.timestamp },
  { key: 'transferReason', header: 'Reason', type: 'text', value: (r) => r.transferReason },
  { key: 'deviceId', header: 'Device id', type: 'integer', value: (r) => r.deviceId },
  ...positionColumns<RawData>((r) => r.location),
  { key: 'speed', header: 'Speed', unit: 'km/h', type: 'number', value: (r) => r.speed },
  {
    key: 'events',
    header: 'Events',
    type: 'text',
    value: (r) => r.events.map((e) => e.eventType).join(', ') || null,
  },
  ...RAW_RECORD_METRICS.map((metric): Column<RawData> => ({
    key: metric,
    header: metric,
    unit: metricUnit(metric),
    type: 'number',
    value: (r) => (r as unknown as Record<string, number | null | undefined>)[metric] ?? null,
  })),
];

export const mediaColumns: Column<MediaItem>[] = [
  { key: 'timestamp', header: 'Time', type: 'date', value: (r) => r.timestamp },
  { key: 'id', header: 'Medium', type: 'integer', value: (r) => r.id },
  { key: 'fileName', header: 'File', type: 'text', value: (r) => r.fileName },
  { key: 'mimeType', header: 'Type', type: 'text', value: (r) => r.mimeType },
  { key: 'camera', header: 'Camera', type: 'integer', value: (r) => r.camera },
  { key: 'transferReason', header: 'Reason', type: 'text', value: (r) => r.transferReason },
  { key: 'device', header: 'Device', type: 'text', value: (r) => r.deviceIdentifier },
  { key: 'size', header: 'Size', unit: 'bytes', type: 'integer', value: (r) => r.size },
  { key: 'duration', header: 'Duration', unit: 's', type: 'number', value: (r) => r.duration },
  { key: 'createdAt', header: 'Received', type: 'date', value: (r) => r.createdAt },
];

// ── The calendar, events, zone report, monitoring history and coaching report ──

export interface CalendarRow {
  day: string;
  from: string;
  until: string;
  distance: number;
  totalScore: number | null;
}

/** The calendar tab's cards: one per interval of the report, the entity's totals (contract rules). */
export function calendarRows(report: Report, kind: 'asset' | 'driver', id: number): CalendarRow[] {
  return report.map((interval) => ({
    day: interval.day ?? interval.from.slice(0, 10),
    from: interval.from,
    until: interval.until,
    ...calendarTotals(interval, kind, id),
  }));
}

export const calendarColumns: Column<CalendarRow>[] = [
  { key: 'day', header: 'Day', type: 'text', value: (r) => r.day },
  { key: 'from', header: 'From', type: 'date', value: (r) => r.from },
  { key: 'until', header: 'Until', type: 'date', value: (r) => r.until },
  { key: 'distance', header: 'Distance', unit: 'km', type: 'number', value: (r) => km(r.distance) },
  {
    key: 'score',
    header: 'Total score',
    unit: '0-100',
    type: 'number',
    value: (r) => (r.totalScore === null ? null : Math.round(r.totalScore * 10) / 10),
  },
];

/** One event of an event record, as the screens list them (one entry per event). */
export type EventRow = Omit<EventRecord, 'events'> & { eventType: string };
export const eventRows = (records: EventRecord[]): EventRow[] =>
  records.flatMap(({ events, ...record }) =>
    events.map(({ eventType }) => ({ ...record, eventType })),
  );

export const eventColumns: Column<EventRow>[] = [
  { key: 'timestamp', header: 'Time', type: 'date', value: (r) => r.timestamp },
  { key: 'eventType', header: 'Event', type: 'text', value: (r) => r.eventType },
  { key: 'assetId', header: 'Asset id', type: 'integer', value: (r) => r.assetId },
  { key: 'driverId', header: 'Driver id', type: 'integer', value: (r) => r.driverId },
  ...positionColumns<EventRow>((r) => r.location),
];

export const zoneVisitColumns: Column<ZoneVisit>[] = [
  { key: 'zone', header: 'Zone', type: 'text', value: (r) => r.zoneName },
  { key: 'asset', header: 'Asset', type: 'text', value: (r) => r.assetName },
  { key: 'driver', header: 'Driver', type: 'text', value: (r) => r.driverName },
  { key: 'enteredAt', header: 'Entered', type: 'date', value: (r) => r.enteredAt },
  { key: 'exitedAt', header: 'Left', type: 'date', value: (r) => r.exitedAt },
  {
    key: 'seconds',
    header: 'Duration',
    unit: 'h:mm:ss',
    type: 'duration',
    value: (r) => r.seconds,
  },
  { key: 'maxSpeed', header: 'Top speed', unit: 'km/h', type: 'number', value: (r) => r.maxSpeed },
  {
    key: 'speeding',
    header: 'Above the speed limit',
    unit: 'h:mm:ss',
    type: 'duration',
    value: (r) => r.speedingSeconds,
  },
  { key: 'zoneId', header: 'Zone id', type: 'integer', value: (r) => r.zoneId },
  { key: 'assetId', header: 'Asset id', type: 'integer', value: (r) => r.assetId },
  { key: 'driverId', header: 'Driver id', type: 'integer', value: (r) => r.driverId },
];

/** The monitoring history; a monitoring's access token is never a column (docs/exports.md). */
export const monitoringColumns: Column<AssetMonitoring>[] = [
  { key: 'id', header: 'Monitoring', type: 'integer', value: (r) => r.id },
  { key: 'start', header: 'Start', type: 'date', value: (r) => r.start },
  { key: 'end', header: 'End', type: 'date', value: (r) => r.end ?? null },
  {
    key: 'duration',
    header: 'Duration',
    unit: 'h:mm:ss',
    type: 'duration',
    value: (r) => (r.end ? (Date.parse(r.end) - Date.parse(r.start)) / 1000 : null),
  },
  { key: 'endedBy', header: 'Ended by', type: 'text', value: (r) => r.endedBy ?? null },
  { key: 'asset', header: 'Asset', type: 'text', value: (r) => r.assetName },
  { key: 'driver', header: 'Driver', type: 'text', value: (r) => r.driverName },
  { key: 'device', header: 'Device', type: 'text', value: (r) => r.deviceIdentifier },
  {
    key: 'tracing',
    header: 'Tracing interval',
    unit: 's',
    type: 'integer',
    value: (r) => r.tracingFrequency,
  },
  { key: 'positions', header: 'Positions', type: 'integer', value: (r) => r.dataPoints.length },
  {
    key: 'controlRoom',
    header: 'Control room',
    type: 'text',
    value: (r) => r.controlRoomAlarm.controlRoomIdentifier,
  },
  {
    key: 'webhook',
    header: 'Alarm',
    type: 'text',
    value: (r) => r.controlRoomAlarm.webhook.state,
  },
];

/** The coaching report's cases by event type, then their total (the report's count). */
export function coachingRows(report: CoachingReport): CoachingTypeRow[] {
  const total = Object.fromEntries(
    SAFETY_CASE_STATUSES.map((s) => [s, report.counts[s]]),
  ) as Record<(typeof SAFETY_CASE_STATUSES)[number], number>;
  return [...report.byType, { eventType: 'Total', total: report.counts.total, ...total }];
}

export const coachingColumns: Column<CoachingTypeRow>[] = [
  { key: 'eventType', header: 'Event type', type: 'text', value: (r) => r.eventType },
  { key: 'total', header: 'Cases', type: 'integer', value: (r) => r.total },
  ...SAFETY_CASE_STATUSES.map((status): Column<CoachingTypeRow> => ({
    key: status,
    header: status,
    type: 'integer',
    value: (r) => r[status],
  })),
];
