import type {
  CoachingMethod,
  DismissalReason,
  SafetyAction,
  SafetyActionInput,
} from '@fleet/contract';

/** What the action dialog's fields hold, as typed ('' for nothing chosen). */
export type ActionDraft = {
  reason: DismissalReason;
  text: string;
  coachUserId: string;
  dueDate: string;
  method: CoachingMethod;
  notes: string;
};

export const EMPTY_DRAFT: ActionDraft = {
  reason: 'FALSE_POSITIVE',
  text: '',
  coachUserId: '',
  dueDate: '',
  method: 'IN_PERSON',
  notes: '',
};

/** The fields each action shows (the server refuses the others). */
export const ACTION_FIELDS: Record<SafetyAction, readonly (keyof ActionDraft)[]> = {
  DISMISS: ['reason', 'text'],
  COACH: ['coachUserId', 'dueDate'],
  REASSIGN: ['coachUserId', 'dueDate'],
  COACHED: ['method', 'notes'],
  RECOGNISE: ['text'],
  ACKNOWLEDGE: ['text'],
  UNDO: ['text'],
};

/** Whether the text is required: an undo's reason, a dismissal for another reason. */
export const textRequired = (action: SafetyAction, draft: ActionDraft) =>
  action === 'UNDO' || (action === 'DISMISS' && draft.reason === 'OTHER');

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The body of POST safety/cases/{id}/actions for a draft, or the fields that are wrong: only
 * the action's fields, blanks left out (the server then takes its defaults: the group's coach,
 * today plus the due days).
 */
export function actionInput(
  action: SafetyAction,
  draft: ActionDraft,
): { input: SafetyActionInput } | { errors: (keyof ActionDraft)[] } {
  const fields = ACTION_FIELDS[action];
  const text = draft.text.trim();
  const notes = draft.notes.trim();
  const coach = Number(draft.coachUserId);
  const errors: (keyof ActionDraft)[] = [];
  if (textRequired(action, draft) && !text) errors.push('text');
  if (fields.includes('dueDate') && draft.dueDate && !DAY.test(draft.dueDate))
    errors.push('dueDate');
  if (action === 'REASSIGN' && !draft.coachUserId && !draft.dueDate) errors.push('coachUserId');
  if (errors.length) return { errors };
  return {
    input: {
      action,
      ...(fields.includes('reason') && { reason: draft.reason }),
      ...(fields.includes('text') && text && { text }),
      ...(fields.includes('coachUserId') && coach > 0 && { coachUserId: coach }),
      ...(fields.includes('dueDate') && draft.dueDate && { dueDate: draft.dueDate }),
      ...(fields.includes('method') && { method: draft.method }),
      ...(fields.includes('notes') && notes && { notes }),
    },
  };
}
