import { Binary, endpoint } from '../endpoint.js';
import { CoachingReport, CoachingReportQuery, MySafety } from '../safety-coaching.js';
import { IdParams } from '../organisations.js';
import {
  FootageAuditList,
  SafetyActionInput,
  SafetyBulkInput,
  SafetyBulkResult,
  SafetyCaseCounts,
  SafetyCaseDetail,
  SafetyCaseFilter,
  SafetyCaseList,
  SafetyCaseMinute,
  SafetyCaseQuery,
  SafetyCoachList,
  SafetyComment,
  SafetyCommentInput,
  SafetySettings,
} from '../safety.js';

/**
 * Safety review and coaching (issue 20). Reviewers and coaches: users of the organisation's
 * subtree whose role may manage the fleet; a DRIVER sees and acts on their own cases only.
 */
const tags = ['safety'];
const FAILURES = [400, 401, 403, 404] as const;

export const list = endpoint('GET', '/organisations/:id/safety/cases', {
  tags,
  summary: "The organisation's cases, attention first; X-Total-Count holds how many match",
  description:
    'Attention first: overdue coaching, needs review, needs coaching (due first), coached and not acknowledged, the rest; newest event first within each. limit defaults to 10. A DRIVER gets their own cases only.',
  params: IdParams,
  querystring: SafetyCaseQuery,
  ok: { 200: SafetyCaseList },
  errors: FAILURES,
});

export const counts = endpoint('GET', '/organisations/:id/safety/counts', {
  tags,
  summary: 'How many cases per status match the filters (the status filter aside)',
  params: IdParams,
  querystring: SafetyCaseFilter,
  ok: { 200: SafetyCaseCounts },
  errors: FAILURES,
});

export const bulk = endpoint('POST', '/organisations/:id/safety/cases/bulk', {
  tags,
  summary:
    'One action on many cases of the organisation: all or nothing (refusals list why, then none is changed)',
  params: IdParams,
  body: SafetyBulkInput,
  ok: { 200: SafetyBulkResult },
  errors: FAILURES,
});

export const get = endpoint('GET', '/safety/cases/:id', {
  tags,
  summary:
    'A case with its media, history, comments and footage audit; previousId/nextId follow the inbox order of the filters given',
  params: IdParams,
  querystring: SafetyCaseFilter,
  ok: { 200: SafetyCaseDetail },
  errors: FAILURES,
});

export const act = endpoint('POST', '/safety/cases/:id/actions', {
  tags,
  summary:
    'Change a case: dismiss, coach, recognise, reassign, coached, acknowledge, undo; 409 when the status does not allow it',
  params: IdParams,
  body: SafetyActionInput,
  ok: { 200: SafetyCaseDetail },
  errors: [...FAILURES, 409],
});

export const comment = endpoint('POST', '/safety/cases/:id/comments', {
  tags,
  summary: 'Add a comment to the case',
  params: IdParams,
  body: SafetyCommentInput,
  ok: { 201: SafetyComment },
  errors: FAILURES,
});

export const minute = endpoint('GET', '/safety/cases/:id/minute', {
  tags,
  summary: 'Speed, positions and events around the event (the route a little wider)',
  params: IdParams,
  ok: { 200: SafetyCaseMinute },
  errors: FAILURES,
});

export const coaches = endpoint('GET', '/organisations/:id/safety/coaches', {
  tags,
  summary: 'Users who may review and coach the cases of the organisation',
  params: IdParams,
  ok: { 200: SafetyCoachList },
  errors: FAILURES,
});

export const getSettings = endpoint('GET', '/organisations/:id/safety/settings', {
  tags,
  summary: "The organisation's safety settings (defaults until changed)",
  params: IdParams,
  ok: { 200: SafetySettings },
  errors: FAILURES,
});

export const putSettings = endpoint('PUT', '/organisations/:id/safety/settings', {
  tags,
  summary: "Replace the organisation's safety settings; not for DRIVER",
  params: IdParams,
  body: SafetySettings,
  ok: { 200: SafetySettings },
  errors: FAILURES,
});

export const mediaAudit = endpoint('GET', '/media/:id/audit', {
  tags: ['media', 'safety'],
  summary: 'Who viewed, played or downloaded a medium, newest first; not for DRIVER',
  params: IdParams,
  ok: { 200: FootageAuditList },
  errors: FAILURES,
});

// ── My safety and the coaching report (h-coaching) ──────────────────────────

export const my = endpoint('GET', '/safety/my', {
  tags,
  summary:
    "The signed-in DRIVER's own safety: their cases per status, coaching to acknowledge, their weekly score; 403 for other roles",
  ok: { 200: MySafety },
  errors: [401, 403],
});

export const coachingReport = endpoint('GET', '/organisations/:id/safety/coaching-report', {
  tags,
  summary:
    "Coaching results of the organisation's cases whose event is in [from, until): per status and type, median time to review and to coach, the backlog, each coached driver's score before and after; not for DRIVER",
  description: 'docs/safety.md defines every figure.',
  params: IdParams,
  querystring: CoachingReportQuery,
  ok: { 200: CoachingReport },
  errors: FAILURES,
});

export const coachingReportCsv = endpoint('GET', '/organisations/:id/safety/coaching-report.csv', {
  tags,
  summary: 'The coaching report as CSV (text/csv, one table per section); not for DRIVER',
  params: IdParams,
  querystring: CoachingReportQuery,
  ok: { 200: Binary },
  errors: FAILURES,
});
