import { describe, expect, it } from 'vitest';
import { actionInput, EMPTY_DRAFT, type ActionDraft } from './action-input';

const draft = (change: Partial<ActionDraft>): ActionDraft => ({ ...EMPTY_DRAFT, ...change });

describe('the body of a case action (issue 20 §2)', () => {
  it.each([
    ['DISMISS', {}, { action: 'DISMISS', reason: 'FALSE_POSITIVE' }],
    [
      'DISMISS',
      { reason: 'OTHER', text: ' parked truck ', coachUserId: '4' },
      { action: 'DISMISS', reason: 'OTHER', text: 'parked truck' },
    ],
    ['COACH', { text: 'ignored', method: 'CALL' }, { action: 'COACH' }],
    [
      'COACH',
      { coachUserId: '4', dueDate: '2026-12-10' },
      { action: 'COACH', coachUserId: 4, dueDate: '2026-12-10' },
    ],
    ['REASSIGN', { dueDate: '2026-12-24' }, { action: 'REASSIGN', dueDate: '2026-12-24' }],
    [
      'COACHED',
      { notes: ' talked it through ' },
      { action: 'COACHED', method: 'IN_PERSON', notes: 'talked it through' },
    ],
    ['COACHED', { method: 'SELF_REVIEW' }, { action: 'COACHED', method: 'SELF_REVIEW' }],
    ['RECOGNISE', { text: '  ' }, { action: 'RECOGNISE' }],
    ['ACKNOWLEDGE', { text: 'seen' }, { action: 'ACKNOWLEDGE', text: 'seen' }],
    ['UNDO', { text: 'wrong case' }, { action: 'UNDO', text: 'wrong case' }],
  ] as const)('%s with %o sends %o', (action, change, input) => {
    expect(actionInput(action, draft(change))).toEqual({ input });
  });

  it.each([
    ['UNDO', {}, ['text']],
    ['UNDO', { text: '   ' }, ['text']],
    ['DISMISS', { reason: 'OTHER' }, ['text']],
    ['COACH', { dueDate: '10-12-2026' }, ['dueDate']],
    ['REASSIGN', {}, ['coachUserId']],
  ] as const)('%s with %o is refused for %o', (action, change, errors) => {
    expect(actionInput(action, draft(change))).toEqual({ errors });
  });
});
