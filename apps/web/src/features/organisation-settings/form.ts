import {
  MEDIA_RETENTION_DAYS,
  MONITORING_MINUTES,
  OrganisationSettingsInput,
  RAW_RETENTION_DAYS,
  type Language,
  type OrganisationSettings,
} from '@fleet/contract';
import { schemaIssues, type Issue } from '../../lib/typebox-resolver';

/** The form's values: text as typed; the secret is only sent when a new one was entered. */
export type SettingsForm = {
  controlRoomIdentifier: string;
  alarmWebhookUrl: string;
  alarmWebhookSecret: string;
  /** Remove the saved secret (the new-secret field is then ignored). */
  clearSecret: boolean;
  mediaRetentionDays: string;
  rawRetentionDays: string;
  maxMonitoringMinutes: string;
  defaultLanguage: Language;
};

export const FIELDS = [
  'controlRoomIdentifier',
  'alarmWebhookUrl',
  'alarmWebhookSecret',
  'mediaRetentionDays',
  'rawRetentionDays',
  'maxMonitoringMinutes',
  'defaultLanguage',
] as const;

/** The bounds shown beside the number fields and in their messages. */
export const BOUNDS = {
  mediaRetentionDays: MEDIA_RETENTION_DAYS,
  rawRetentionDays: RAW_RETENTION_DAYS,
  maxMonitoringMinutes: MONITORING_MINUTES,
} as const;

export const formOf = (settings: OrganisationSettings): SettingsForm => ({
  controlRoomIdentifier: settings.controlRoomIdentifier ?? '',
  alarmWebhookUrl: settings.alarmWebhookUrl ?? '',
  alarmWebhookSecret: '',
  clearSecret: false,
  mediaRetentionDays: String(settings.mediaRetentionDays),
  rawRetentionDays: String(settings.rawRetentionDays),
  maxMonitoringMinutes: String(settings.maxMonitoringMinutes),
  defaultLanguage: settings.defaultLanguage,
});

/** A whole number as typed, or the text itself (so the schema calls it not valid). */
const integer = (text: string): number | string =>
  /^\s*-?\d+\s*$/.test(text) ? Number(text.trim()) : text;

/**
 * The body of POST organisations/{id}/settings: empty texts are null (not set), the secret
 * only when a new one was typed, null when it is to be cleared.
 */
export function bodyOf(form: SettingsForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    controlRoomIdentifier: form.controlRoomIdentifier.trim() || null,
    alarmWebhookUrl: form.alarmWebhookUrl.trim() || null,
    mediaRetentionDays: integer(form.mediaRetentionDays),
    rawRetentionDays: integer(form.rawRetentionDays),
    maxMonitoringMinutes: integer(form.maxMonitoringMinutes),
    defaultLanguage: form.defaultLanguage,
  };
  if (form.clearSecret) body.alarmWebhookSecret = null;
  else if (form.alarmWebhookSecret !== '') body.alarmWebhookSecret = form.alarmWebhookSecret;
  return body;
}

/** The contract's schema over the body; a blank number is "required". */
export function formIssues(form: SettingsForm): Issue[] {
  const body = bodyOf(form);
  const blank = (
    ['mediaRetentionDays', 'rawRetentionDays', 'maxMonitoringMinutes'] as const
  ).filter((field) => form[field].trim() === '');
  const issues = schemaIssues(OrganisationSettingsInput, body)
    .filter((issue) => !blank.includes(issue.field as (typeof blank)[number]))
    .map((issue) => lengthIssue(issue, body[issue.field]));
  return [...blank.map((field): Issue => ({ field, rule: 'required' })), ...issues];
}

type StringSchema = { type?: string; minLength?: number; maxLength?: number };

/** A nullable text (string or null) too short or too long says so, not just "not valid". */
function lengthIssue(issue: Issue, value: unknown): Issue {
  if (issue.rule !== 'invalid' || typeof value !== 'string') return issue;
  const property = OrganisationSettingsInput.properties[
    issue.field as keyof typeof OrganisationSettingsInput.properties
  ] as unknown as { anyOf?: StringSchema[] };
  const text = property.anyOf?.find((branch) => branch.type === 'string');
  const length = [...value].length;
  if (text?.minLength !== undefined && length < text.minLength)
    return { ...issue, rule: 'minLength', limit: text.minLength };
  if (text?.maxLength !== undefined && length > text.maxLength)
    return { ...issue, rule: 'maxLength', limit: text.maxLength };
  return issue;
}

/** The shortest secret the contract takes (shown in the field's hint). */
export const SECRET_MIN_LENGTH =
  (
    OrganisationSettingsInput.properties.alarmWebhookSecret as unknown as {
      anyOf?: StringSchema[];
    }
  ).anyOf?.find((branch) => branch.type === 'string')?.minLength ?? 0;

/** What an issue's message says: a number outside its bounds names them, else the rule's text. */
export function issueMessage(
  issue: Issue,
): { range: { min: number; max: number } } | { rule: Issue['rule']; count?: number } {
  const bounds = BOUNDS[issue.field as keyof typeof BOUNDS];
  return bounds && issue.rule === 'invalid'
    ? { range: { min: bounds.min, max: bounds.max } }
    : { rule: issue.rule, count: issue.limit };
}

/** The field a server refusal names first ("alarmWebhookUrl is not an address"), if any. */
export function fieldOfMessage(message: string): (typeof FIELDS)[number] | undefined {
  let best: { field: (typeof FIELDS)[number]; at: number } | undefined;
  for (const field of FIELDS) {
    const at = message.search(new RegExp(`(^|\\W)${field}(?!\\w)`));
    if (at >= 0 && (!best || at < best.at)) best = { field, at };
  }
  return best?.field;
}
