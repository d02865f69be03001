import type { SafetyAction, SafetyActionInput, SafetyCaseStatus } from '@fleet/contract';

/**
 * The status machine of a safety case (issue 20 §2), pure:
 *
 *   NEEDS_REVIEW ── DISMISS ──▶ DISMISSED
 *        │ ├────── RECOGNISE ─▶ RECOGNISED
 *        │ └────── COACH ─────▶ NEEDS_COACHING ── COACHED ──▶ COACHED
 *        │                        (REASSIGN, ACKNOWLEDGE stay)   (ACKNOWLEDGE stays)
 *   UNDO takes back the last status change not yet undone (to the status it left).
 *
 * Who may act is asked of the access module (safety-access.ts); here only whether the case's
 * status allows the action, and what the action needs.
 */

/** The actions that change the status, and so can be undone. */
export const STATUS_CHANGES: readonly SafetyAction[] = ['DISMISS', 'COACH', 'RECOGNISE', 'COACHED'];

/** What the machine needs to know of the case besides its status. */
export interface CaseState {
  status: SafetyCaseStatus;
  acknowledged: boolean;
  /** the last status change not undone: the status it left (for UNDO), null when none */
  undoTo: SafetyCaseStatus | null;
}

export type Transition =
  { ok: true; to: SafetyCaseStatus } | { ok: false; status: 400 | 409; message: string };

const refuse = (message: string): Transition => ({ ok: false, status: 409, message });

const LABEL: Record<SafetyCaseStatus, string> = {
  NEEDS_REVIEW: 'needs review',
  DISMISSED: 'is dismissed',
  NEEDS_COACHING: 'needs coaching',
  COACHED: 'is coached',
  RECOGNISED: 'is recognised',
};

/** From which statuses each action goes where (UNDO and the stays are computed). */
const MOVES: Record<SafetyAction, Partial<Record<SafetyCaseStatus, SafetyCaseStatus | 'stay'>>> = {
  DISMISS: { NEEDS_REVIEW: 'DISMISSED' },
  COACH: { NEEDS_REVIEW: 'NEEDS_COACHING' },
  RECOGNISE: { NEEDS_REVIEW: 'RECOGNISED' },
  REASSIGN: { NEEDS_COACHING: 'stay' },
  COACHED: { NEEDS_COACHING: 'COACHED' },
  ACKNOWLEDGE: { NEEDS_COACHING: 'stay', COACHED: 'stay' },
  UNDO: {},
};

/** Where the action takes a case in this state, or why not (409: the status; 400: the input). */
export function transition(state: CaseState, action: SafetyAction): Transition {
  if (action === 'UNDO') {
    if (state.undoTo === null) return refuse('The case has no change to undo');
    return { ok: true, to: state.undoTo };
  }
  const move = MOVES[action][state.status];
  if (move === undefined) return refuse(refusal(state.status, action));
  if (action === 'ACKNOWLEDGE' && state.acknowledged)
    return refuse('The driver has acknowledged the case already');
  return { ok: true, to: move === 'stay' ? state.status : move };
}

function refusal(status: SafetyCaseStatus, action: SafetyAction): string {
  const what: Record<SafetyAction, string> = {
    DISMISS: 'be dismissed',
    COACH: 'be sent to coaching',
    RECOGNISE: 'be recognised',
    REASSIGN: 'get another coach or due date',
    COACHED: 'be marked coached',
    ACKNOWLEDGE: 'be acknowledged',
    UNDO: 'be undone',
  };
  const only = Object.entries(MOVES[action])
    .map(([from]) => LABEL[from as SafetyCaseStatus])
    .join(' or ');
  return `The case ${LABEL[status]}: only a case that ${only} can ${what[action]}`;
}

/** The fields each action takes; the others are refused, so nothing is silently ignored. */
const FIELDS: Record<SafetyAction, readonly (keyof SafetyActionInput)[]> = {
  DISMISS: ['reason', 'text'],
  COACH: ['coachUserId', 'dueDate', 'text'],
  RECOGNISE: ['text'],
  REASSIGN: ['coachUserId', 'dueDate', 'text'],
  COACHED: ['method', 'notes', 'text'],
  ACKNOWLEDGE: ['text'],
  UNDO: ['text'],
};

/** What is wrong with the input of an action, in words; undefined when it is complete. */
export function inputProblem(input: SafetyActionInput, today: string): string | undefined {
  const allowed = FIELDS[input.action];
  const extra = (Object.keys(input) as (keyof SafetyActionInput)[]).filter(
    (k) => k !== 'action' && input[k] !== undefined && !allowed.includes(k),
  );
  if (extra.length) return `${input.action} does not take ${extra.join(', ')}`;
  switch (input.action) {
    case 'DISMISS':
      if (!input.reason) return 'DISMISS needs a reason';
      if (input.reason === 'OTHER' && !input.text?.trim())
        return 'A dismissal for another reason (OTHER) needs a text that says it';
      return undefined;
    case 'COACHED':
      return input.method ? undefined : 'COACHED needs the method (IN_PERSON, CALL or SELF_REVIEW)';
    case 'UNDO':
      return input.text?.trim() ? undefined : 'UNDO needs a reason (text)';
    case 'REASSIGN':
      if (input.coachUserId === undefined && input.dueDate === undefined)
        return 'REASSIGN needs a coachUserId or a dueDate';
      return dueProblem(input.dueDate, today);
    case 'COACH':
      return dueProblem(input.dueDate, today);
    default:
      return undefined;
  }
}

function dueProblem(dueDate: string | undefined, today: string): string | undefined {
  if (dueDate === undefined) return undefined;
  const parsed = new Date(`${dueDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== dueDate)
    return `dueDate ${dueDate} is not a day of the calendar`;
  if (dueDate < today) return `dueDate ${dueDate} lies before today (${today})`;
  return undefined;
}

/** The day `days` after `today` (YYYY-MM-DD). */
export function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The actions whose transition the case's state allows (before who may act is asked). */
export function possibleActions(state: CaseState): SafetyAction[] {
  return (Object.keys(MOVES) as SafetyAction[]).filter((a) => transition(state, a).ok);
}
