import type {
  RemoteOrganisation,
  SyncConfiguration,
  SyncEntityKind,
  SyncLastResult,
  SyncResult,
  SyncStatus,
} from '@fleet/contract';
import { paths } from '../../config/paths';

/** Bootstrap's colour of each status, for badges and the timeline's dots. */
export const STATUS_VARIANT: Record<SyncStatus, string> = {
  QUEUED: 'secondary',
  RUNNING: 'info',
  SUCCESS: 'success',
  PARTIAL: 'warning',
  FAILED: 'danger',
};

/** A run that is not over yet: its screen asks again until it is. */
export const isActive = (result: Pick<SyncResult, 'status'> | null | undefined): boolean =>
  result?.status === 'QUEUED' || result?.status === 'RUNNING';

/** How often a screen asks while a run is under way. */
export const POLL_MS = 1000;

/**
 * What the progress bar of a run shows: a share (0–100) when the total is known (applying),
 * else none (queued, starting, reading pages whose number nobody knows).
 */
export type ProgressView = {
  step: 'QUEUED' | 'STARTING' | 'FETCHING' | 'APPLYING' | 'DONE';
  kind: SyncEntityKind | null;
  done: number;
  total: number | null;
  percent: number | null;
};

export function progressView(result: SyncResult): ProgressView {
  const progress = result.progress;
  if (result.status === 'QUEUED')
    return { step: 'QUEUED', kind: null, done: 0, total: null, percent: null };
  if (result.status !== 'RUNNING')
    return { step: 'DONE', kind: null, done: 0, total: null, percent: 100 };
  if (!progress) return { step: 'STARTING', kind: null, done: 0, total: null, percent: null };
  const { total, done } = progress;
  const percent =
    total === null ? null : total === 0 ? 100 : Math.min(100, Math.round((done / total) * 100));
  return { step: progress.phase, kind: progress.entityKind, done, total, percent };
}

/** Seconds, minutes and hours of a span, for "3 min 4 s"; null when it has not ended. */
export function durationParts(
  startedAt: string | null,
  endedAt: string | null,
): { hours: number; minutes: number; seconds: number } | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return null;
  const total = Math.round(ms / 1000);
  return {
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** A remote organisation in the picker, under its parent (depth 0: offered at the top). */
export type RemoteRow = RemoteOrganisation & { depth: number };

/**
 * The remote's organisations as a tree, each under its parent in the order the remote listed
 * them. An organisation whose parent is not listed is at the top; a cycle is cut where it closes.
 */
export function remoteTree(list: readonly RemoteOrganisation[]): RemoteRow[] {
  const ids = new Set(list.map((o) => o.externalId));
  const children = new Map<string | null, RemoteOrganisation[]>();
  for (const organisation of list) {
    const parent =
      organisation.parentExternalId !== null && ids.has(organisation.parentExternalId)
        ? organisation.parentExternalId
        : null;
    children.set(parent, [...(children.get(parent) ?? []), organisation]);
  }
  const rows: RemoteRow[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null, depth: number) => {
    for (const organisation of children.get(parent) ?? []) {
      if (seen.has(organisation.externalId)) continue;
      seen.add(organisation.externalId);
      rows.push({ ...organisation, depth });
      visit(organisation.externalId, depth + 1);
    }
  };
  visit(null, 0);
  // Members of a cycle with no way in from the top: listed at the top, in the remote's order.
  for (const organisation of list) {
    if (seen.has(organisation.externalId)) continue;
    seen.add(organisation.externalId);
    rows.push({ ...organisation, depth: 0 });
    visit(organisation.externalId, 1);
  }
  return rows;
}

/** The mirrored ids the remote no longer offers (a run fails on them): shown so they can go. */
export const unknownIds = (
  mirrored: readonly string[],
  offered: readonly RemoteOrganisation[] | undefined,
): string[] => (offered ? mirrored.filter((id) => !offered.some((o) => o.externalId === id)) : []);

/** A row of Failed synchronizations: an organisation and its newest run. */
export type FailedRow = SyncLastResult & { result: SyncResult };

/**
 * The organisations whose newest run failed, newest failure first; and those retried from the
 * screen (`retried`), whatever their run became, so a retry is seen to run and end.
 */
export function failedRows(
  list: readonly SyncLastResult[],
  retried: ReadonlySet<number> = new Set(),
): FailedRow[] {
  const when = (row: FailedRow) => Date.parse(row.result.endedAt ?? row.result.queuedAt);
  return list
    .filter(
      (row): row is FailedRow =>
        row.result !== null && (row.result.status === 'FAILED' || retried.has(row.organisationId)),
    )
    .sort((a, b) => when(b) - when(a) || a.organisationName.localeCompare(b.organisationName));
}

/** The newest run of one organisation in GET lastresults/ (null: none yet, or not configured). */
export const lastResultOf = (
  list: readonly SyncLastResult[] | undefined,
  organisationId: number,
): SyncResult | null => list?.find((row) => row.organisationId === organisationId)?.result ?? null;

/** The query of the synchronization screen that names the organisation to view (from a link). */
export const ORGANISATION_PARAM = 'organisation';

/** The synchronization screen of an organisation: it becomes the one viewed. */
export const synchronizationHref = (organisationId: number) =>
  `${paths.management.synchronization}?${new URLSearchParams({ [ORGANISATION_PARAM]: String(organisationId) })}`;

/**
 * What the schedule of a configuration is: off, waiting for a remote organisation to be chosen
 * (nothing runs, by hand neither, until one is), or a run due at nextRunAt.
 */
export function scheduleOf(
  configuration: Pick<SyncConfiguration, 'enabled' | 'externalIds' | 'nextRunAt'>,
): { state: 'NO_IDS' | 'OFF' } | { state: 'DUE'; at: string } {
  if (configuration.externalIds.length === 0) return { state: 'NO_IDS' };
  if (!configuration.enabled || !configuration.nextRunAt) return { state: 'OFF' };
  return { state: 'DUE', at: configuration.nextRunAt };
}
