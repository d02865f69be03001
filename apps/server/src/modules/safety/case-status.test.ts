import { describe, expect, it } from 'vitest';
import {
  SAFETY_ACTIONS,
  SAFETY_CASE_STATUSES,
  type SafetyAction,
  type SafetyCaseStatus,
} from '@fleet/contract';
import { addDays, inputProblem, possibleActions, transition } from './case-status.js';

/** Every (status, action) pair: where it goes, or '409' when the status refuses it. */
const TABLE: Record<SafetyCaseStatus, Record<SafetyAction, SafetyCaseStatus | '409'>> = {
  NEEDS_REVIEW: {
    DISMISS: 'DISMISSED',
    COACH: 'NEEDS_COACHING',
    RECOGNISE: 'RECOGNISED',
    REASSIGN: '409',
    COACHED: '409',
    ACKNOWLEDGE: '409',
    UNDO: '409',
  },
  DISMISSED: {
    DISMISS: '409',
    COACH: '409',
    RECOGNISE: '409',
    REASSIGN: '409',
    COACHED: '409',
    ACKNOWLEDGE: '409',
    UNDO: 'NEEDS_REVIEW',
  },
  NEEDS_COACHING: {
    DISMISS: '409',
    COACH: '409',
    RECOGNISE: '409',
    REASSIGN: 'NEEDS_COACHING',
    COACHED: 'COACHED',
    ACKNOWLEDGE: 'NEEDS_COACHING',
    UNDO: 'NEEDS_REVIEW',
  },
  COACHED: {
    DISMISS: '409',
    COACH: '409',
    RECOGNISE: '409',
    REASSIGN: '409',
    COACHED: '409',
    ACKNOWLEDGE: 'COACHED',
    UNDO: 'NEEDS_COACHING',
  },
  RECOGNISED: {
    DISMISS: '409',
    COACH: '409',
    RECOGNISE: '409',
    REASSIGN: '409',
    COACHED: '409',
    ACKNOWLEDGE: '409',
    UNDO: 'NEEDS_REVIEW',
  },
};

/** The status the last change left, as the history gives it (none for a new case). */
const UNDO_TO: Record<SafetyCaseStatus, SafetyCaseStatus | null> = {
  NEEDS_REVIEW: null,
  DISMISSED: 'NEEDS_REVIEW',
  NEEDS_COACHING: 'NEEDS_REVIEW',
  COACHED: 'NEEDS_COACHING',
  RECOGNISED: 'NEEDS_REVIEW',
};

const pairs = SAFETY_CASE_STATUSES.flatMap((status) =>
  SAFETY_ACTIONS.map((action) => [status, action, TABLE[status][action]] as const),
);

describe('the status machine', () => {
  it('has a row for every status and a column for every action', () => {
    expect(pairs).toHaveLength(SAFETY_CASE_STATUSES.length * SAFETY_ACTIONS.length);
  });

  it.each(pairs)('%s + %s → %s', (status, action, expected) => {
    const result = transition({ status, acknowledged: false, undoTo: UNDO_TO[status] }, action);
    if (expected === '409') {
      expect(result).toMatchObject({ ok: false, status: 409 });
      if (!result.ok) expect(result.message).toMatch(/^The case /);
    } else expect(result).toEqual({ ok: true, to: expected });
  });

  it('acknowledges once', () => {
    for (const status of ['NEEDS_COACHING', 'COACHED'] as const)
      expect(
        transition({ status, acknowledged: true, undoTo: UNDO_TO[status] }, 'ACKNOWLEDGE'),
      ).toEqual({
        ok: false,
        status: 409,
        message: 'The driver has acknowledged the case already',
      });
  });

  it('undoes to the status the history says, and refuses with no change left', () => {
    // a case coached, its coaching undone, then its coaching step undone: back to review
    expect(
      transition({ status: 'NEEDS_COACHING', acknowledged: false, undoTo: null }, 'UNDO'),
    ).toMatchObject({ ok: false, status: 409, message: 'The case has no change to undo' });
    expect(
      transition({ status: 'COACHED', acknowledged: true, undoTo: 'NEEDS_COACHING' }, 'UNDO'),
    ).toEqual({ ok: true, to: 'NEEDS_COACHING' });
  });

  it('says in words why a status refuses', () => {
    const result = transition(
      { status: 'DISMISSED', acknowledged: false, undoTo: 'NEEDS_REVIEW' },
      'COACHED',
    );
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: 'The case is dismissed: only a case that needs coaching can be marked coached',
    });
  });

  it('lists the possible actions of a state', () => {
    expect(possibleActions({ status: 'NEEDS_REVIEW', acknowledged: false, undoTo: null })).toEqual([
      'DISMISS',
      'COACH',
      'RECOGNISE',
    ]);
    expect(
      possibleActions({ status: 'NEEDS_COACHING', acknowledged: false, undoTo: 'NEEDS_REVIEW' }),
    ).toEqual(['REASSIGN', 'COACHED', 'ACKNOWLEDGE', 'UNDO']);
  });
});

describe('the input of an action', () => {
  const today = '2026-11-26';
  it.each([
    [{ action: 'DISMISS' }, 'DISMISS needs a reason'],
    [
      { action: 'DISMISS', reason: 'OTHER' },
      'A dismissal for another reason (OTHER) needs a text that says it',
    ],
    [{ action: 'DISMISS', reason: 'FALSE_POSITIVE' }, undefined],
    [
      { action: 'DISMISS', reason: 'FALSE_POSITIVE', method: 'CALL' },
      'DISMISS does not take method',
    ],
    [{ action: 'COACH' }, undefined],
    [
      { action: 'COACH', dueDate: '2026-11-25' },
      'dueDate 2026-11-25 lies before today (2026-11-26)',
    ],
    [{ action: 'COACH', dueDate: '2026-02-30' }, 'dueDate 2026-02-30 is not a day of the calendar'],
    [{ action: 'COACH', reason: 'OTHER' }, 'COACH does not take reason'],
    [{ action: 'REASSIGN' }, 'REASSIGN needs a coachUserId or a dueDate'],
    [{ action: 'REASSIGN', dueDate: '2026-12-01' }, undefined],
    [{ action: 'COACHED' }, 'COACHED needs the method (IN_PERSON, CALL or SELF_REVIEW)'],
    [{ action: 'COACHED', method: 'IN_PERSON', notes: 'talked it through' }, undefined],
    [{ action: 'UNDO' }, 'UNDO needs a reason (text)'],
    [{ action: 'UNDO', text: '  ' }, 'UNDO needs a reason (text)'],
    [{ action: 'UNDO', text: 'wrong truck' }, undefined],
    [{ action: 'ACKNOWLEDGE', coachUserId: 3 }, 'ACKNOWLEDGE does not take coachUserId'],
    [{ action: 'RECOGNISE', text: 'smooth stop' }, undefined],
  ] as const)('%j → %s', (input, problem) => {
    expect(inputProblem(input, today)).toBe(problem);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
  });
});
