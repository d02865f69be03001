import {
  RAW_RECORD_METRICS,
  type DatapointInput,
  type DeviceEvent,
  type EventType,
  type RawRecordInput,
  type RawRecordMetrics,
} from '@fleet/contract';
import { positionAt, toLocation, type Route } from './route.js';
import type { PeriodicalSettings } from './settings.js';
import type { Counters } from './unit-thresholds.js';

/**
 * What the unit sends of a trip, as it falls due: records (TRIP_START,
 * EVENTS, PERIODIC, TRIP_STOP) with its counters as they stand, and a GPS
 * datapoint every DATAPOINT_SECONDS.
 */

export const DATAPOINT_SECONDS = 15;

/** Where the truck is on its route and how fast it goes. */
export interface TruckPosition {
  /** ms */
  t: number;
  /** m along the route */
  s: number;
  /** m/s */
  v: number;
}

/** Each counter as the unit reports it: whole metres and seconds, 0.001 h, 0.01 l; rounded down so it never goes back. */
export function reportedMetrics(counters: Counters): RawRecordMetrics {
  const metrics: RawRecordMetrics = {};
  for (const key of RAW_RECORD_METRICS) {
    const value = counters[key];
    metrics[key] =
      key === 'engineHours'
        ? Math.floor(value * 1000) / 1000
        : key === 'totalFuelUsed' || key === 'fuelUsedIdle' || key === 'fuelUsedPTO'
          ? Math.floor(value * 100) / 100
          : Math.floor(value);
  }
  return metrics;
}

const asEvents = (list: EventType[]) => list.map((eventType): DeviceEvent => ({ eventType }));

export class TripRecorder {
  readonly records: RawRecordInput[] = [];
  readonly datapoints: DatapointInput[] = [];
  private lastPeriodic: number;
  private lastEvents: RawRecordInput | undefined;

  /** `counters`: the unit's, read at each record. */
  constructor(
    private readonly route: Route,
    private readonly start: number,
    private readonly counters: Counters,
  ) {
    this.lastPeriodic = start;
  }

  record(
    transferReason: RawRecordInput['transferReason'],
    { t, s, v }: TruckPosition,
    events?: EventType[],
  ): void {
    const timestamp = new Date(t).toISOString();
    // One EVENTS record a second: the server knows a record by its timestamp and reason.
    if (transferReason === 'EVENTS' && this.lastEvents?.timestamp === timestamp) {
      this.lastEvents.events!.push(...asEvents(events!));
      return;
    }
    const item: RawRecordInput = {
      timestamp,
      transferReason,
      location: toLocation(positionAt(this.route, s)),
      speed: Math.round(v * 3.6),
      ...(events?.length ? { events: asEvents(events) } : {}),
      ...reportedMetrics(this.counters),
    };
    this.records.push(item);
    if (transferReason === 'EVENTS') this.lastEvents = item;
  }

  datapoint({ t, s, v }: TruckPosition): void {
    const p = positionAt(this.route, s);
    this.datapoints.push({
      timestamp: new Date(t).toISOString(),
      location: toLocation(p),
      speed: Math.round(v * 3.6),
      heading: p.heading,
    });
  }

  /** After each second: its events, then the PERIODIC record and the datapoint that fall due. */
  second(at: TruckPosition, events: EventType[], periodical: PeriodicalSettings): void {
    if (events.length) this.record('EVENTS', at, events);
    if (at.t - this.lastPeriodic >= 1000 * (at.v > 0 ? periodical.moving : periodical.notMoving)) {
      this.record('PERIODIC', at);
      this.lastPeriodic = at.t;
    }
    if (this.datapointDue(at.t)) this.datapoint(at);
  }

  /** Ignition off: the last events, TRIP_STOP, and the datapoint of that moment. */
  stop(at: TruckPosition, events: EventType[]): void {
    if (events.length) this.record('EVENTS', at, events);
    this.record('TRIP_STOP', at);
    if (!this.datapointDue(at.t)) this.datapoint(at);
  }

  private datapointDue(t: number): boolean {
    return ((t - this.start) / 1000) % DATAPOINT_SECONDS === 0;
  }
}
