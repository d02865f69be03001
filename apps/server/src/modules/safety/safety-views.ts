import { STATUS_CHANGES, type CaseState } from './case-status.js';
import type {
  CoachingMethod,
  DismissalReason,
  SafetyAction,
  SafetyCase,
  SafetyCaseStatus,
  SafetyComment,
  SafetyHistoryEntry,
} from '@fleet/contract';
import type { CaseRow, HistoryRow } from './safety.repository.js';

/** How the safety rows become the contract's answers. Pure. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSafetyCase(r: CaseRow): SafetyCase {
  return {
    id: r.id,
    organisationId: r.organisation_id,
    assetId: r.asset_id,
    assetName: r.asset_name,
    driverId: r.driver_id,
    driverName: r.driver_name,
    eventType: r.event_type,
    eventTime: r.event_time.toISOString(),
    location:
      r.latitude === null || r.longitude === null
        ? null
        : { latitude: r.latitude, longitude: r.longitude },
    speed: r.speed,
    status: r.status,
    dismissalReason: r.status === 'DISMISSED' ? (r.dismissal_reason as DismissalReason) : null,
    coachUserId: r.coach_user_id,
    coachName: r.coach_name,
    dueDate: r.due_date,
    overdue: r.overdue,
    coachedAt: iso(r.coached_at),
    coachingMethod: r.coaching_method as CoachingMethod | null,
    acknowledgedAt: iso(r.acknowledged_at),
    mediaCount: r.media_count,
    hasClip: r.has_clip,
    clipRequested: r.clip_request_id !== null && !r.has_clip,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export function toHistoryEntry(h: HistoryRow): SafetyHistoryEntry {
  return {
    id: h.id,
    at: h.at.toISOString(),
    userId: h.user_id,
    userName: h.user_name,
    action: h.action as SafetyAction | 'CREATED',
    fromStatus: h.from_status as SafetyCaseStatus | null,
    toStatus: h.to_status as SafetyCaseStatus,
    reason: h.reason as DismissalReason | null,
    text: h.text,
    coachUserId: h.coach_user_id,
    coachName: h.coach_name,
    dueDate: h.due_date,
    method: h.method as CoachingMethod | null,
    notes: h.notes,
    undoneAt: iso(h.undone_at),
  };
}

export function toComment(c: {
  id: number;
  at: Date;
  user_id: number | null;
  user_name: string | null;
  text: string;
}): SafetyComment {
  return {
    id: c.id,
    at: c.at.toISOString(),
    userId: c.user_id,
    userName: c.user_name,
    text: c.text,
  };
}

/** The machine's view of a case: its status, acknowledgement and the last change not undone. */
export function caseState(
  r: { status: SafetyCaseStatus; acknowledged_at: Date | null },
  history: HistoryRow[],
): CaseState {
  const last = history.findLast(
    (h) => h.undone_at === null && STATUS_CHANGES.includes(h.action as SafetyAction),
  );
  return {
    status: r.status,
    acknowledged: r.acknowledged_at !== null,
    undoTo: (last?.from_status as SafetyCaseStatus | undefined) ?? null,
  };
}
