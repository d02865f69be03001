/**
 * Which month partitions of raw records and datapoints to create and which to drop (pure; the
 * raw-data job applies it). Months are UTC calendar months, written as their first day
 * 'YYYY-MM-01'. docs/operations.md, "Raw data: partitions and retention".
 */

const DAY_MS = 86_400_000;

/** The first day of the month `date` is in (UTC), as 'YYYY-MM-01'. */
export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The month `n` months after `month` ('YYYY-MM-01'). */
export function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, m - 1 + n, 1)));
}

/**
 * Raw data of an organisation keeping `days` is removed by whole months: a month goes once
 * its last day is `days` old, so everything is kept at least `days` and at most a month
 * longer. Rows before the answered month ('YYYY-MM-01', UTC) are expired.
 */
export function retentionCutoff(now: Date, days: number): string {
  return monthOf(new Date(now.getTime() - days * DAY_MS));
}

export interface PartitionState {
  now: Date;
  /** the months that have a partition */
  existing: string[];
  /** the raw-data retention of every organisation that has devices */
  retentionDays: number[];
  /** months ahead of the current one that must exist */
  ahead: number;
}

export interface PartitionPlan {
  /** months to create, oldest first */
  create: string[];
  /** months to drop (every organisation's retention passed them), oldest first */
  drop: string[];
  /** rows before this month are expired for everyone (undefined: no organisation has devices) */
  horizon?: string;
}

export function planPartitions({ now, existing, retentionDays, ahead }: PartitionState) {
  const have = new Set(existing);
  const current = monthOf(now);
  const create: string[] = [];
  for (let n = 0; n <= ahead; n++) {
    const month = addMonths(current, n);
    if (!have.has(month)) create.push(month);
  }
  if (!retentionDays.length) return { create, drop: [] } satisfies PartitionPlan;
  const horizon = retentionCutoff(now, Math.max(...retentionDays));
  // 'YYYY-MM-01' strings sort as dates; a month goes when the next one is at or before the horizon
  const drop = [...have].filter((m) => addMonths(m, 1) <= horizon).sort();
  return { create, drop, horizon } satisfies PartitionPlan;
}
