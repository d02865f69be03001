import {
  DEFAULT_PAGE_SIZE,
  SAFETY_CASE_STATUSES,
  type SafetyCaseFilter,
  type SafetyCaseStatus,
} from '@fleet/contract';

/**
 * The inbox's own choices, kept in the URL (?status&eventType&assetId&driverId&hasClip&page) so
 * that a link opens a filtered inbox and Back restores it. The period and the group come from the
 * shared period filter (lib/filter), as on the dashboards.
 */
export type InboxState = {
  status: SafetyCaseStatus | undefined;
  eventType: string | undefined;
  assetId: number | undefined;
  driverId: number | undefined;
  hasClip: boolean;
  page: number;
};

const isStatus = (value: string | null): value is SafetyCaseStatus =>
  (SAFETY_CASE_STATUSES as readonly (string | null)[]).includes(value);

const positiveId = (value: string | null): number | undefined => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const EVENT_TYPE = /^[A-Z][A-Z0-9_]{0,39}$/;

export function readInbox(params: URLSearchParams): InboxState {
  const status = params.get('status');
  const eventType = params.get('eventType');
  return {
    status: isStatus(status) ? status : undefined,
    eventType: eventType && EVENT_TYPE.test(eventType) ? eventType : undefined,
    assetId: positiveId(params.get('assetId')),
    driverId: positiveId(params.get('driverId')),
    hasClip: params.get('hasClip') === 'true',
    page: positiveId(params.get('page')) ?? 1,
  };
}

/** The URL of a state; what is not chosen is left out. */
export function writeInbox(state: InboxState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status) params.set('status', state.status);
  if (state.eventType) params.set('eventType', state.eventType);
  if (state.assetId) params.set('assetId', String(state.assetId));
  if (state.driverId) params.set('driverId', String(state.driverId));
  if (state.hasClip) params.set('hasClip', 'true');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The server's filters for the inbox's state, period and group ('ALL' or a group id). */
export function caseFilter(
  state: Omit<InboxState, 'page'>,
  period: { from: string; until: string } | null,
  group: 'ALL' | number,
): SafetyCaseFilter {
  return {
    ...(state.status && { status: state.status }),
    ...(state.eventType && { eventType: state.eventType }),
    ...(state.assetId && { assetId: state.assetId }),
    ...(state.driverId && { driverId: state.driverId }),
    ...(group !== 'ALL' && { groupId: group }),
    ...(state.hasClip && { hasClip: true }),
    ...(period && { from: period.from, until: period.until }),
  };
}

/** A page of `size` cases as the server's limit and offset. */
export const pageWindow = (page: number, size = DEFAULT_PAGE_SIZE) => ({
  limit: size,
  offset: (page - 1) * size,
});

/**
 * The queue a case page walks (its previous and next): the inbox's filters in the case's URL.
 * Reading it back takes only what a filter may hold, so a hand-made URL cannot send more.
 */
export function writeQueue(filter: SafetyCaseFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

export function readQueue(params: URLSearchParams): SafetyCaseFilter {
  const state = readInbox(params);
  const groupId = positiveId(params.get('groupId'));
  const coachUserId = positiveId(params.get('coachUserId'));
  const from = params.get('from');
  const until = params.get('until');
  const time = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) ? value : null);
  return {
    ...caseFilter(state, null, groupId ?? 'ALL'),
    ...(coachUserId && { coachUserId }),
    ...(params.get('overdue') === 'true' && { overdue: true }),
    ...(time(from) && time(until) && { from: from!, until: until! }),
  };
}

/** The number of pages for a total (at least one, so an empty list still shows page 1). */
export const pageCount = (total: number, size = DEFAULT_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / size));
