import {
  CreateSyncConfigurationBody,
  DEFAULT_SYNC_SELECTION,
  SYNC_INTERVAL_MINUTES,
  UpdateSyncConfigurationBody,
  syncSelectionProblem,
  type SyncConfiguration,
  type SyncSelection,
} from '@fleet/contract';
import { schemaIssues, type Issue } from '../../lib/typebox-resolver';

/**
 * The configuration form's values: texts as typed. The API key is write-only: empty keeps the
 * saved one (on a change), `removeKey` removes it.
 */
export type ConfigurationForm = {
  server: string;
  apiKey: string;
  removeKey: boolean;
  synchronise: SyncSelection;
  intervalMinutes: string;
  enabled: boolean;
};

/** The form's fields a problem (ours or the server's) can stand at, in the form's order. */
export const CONFIGURATION_FIELDS = [
  'server',
  'apiKey',
  'synchronise',
  'intervalMinutes',
  'enabled',
] as const;
export type ConfigurationField = (typeof CONFIGURATION_FIELDS)[number];

/** The kinds in the order the form lists them; links after what they link. */
export const SELECTION_KINDS = [
  'assets',
  'drivers',
  'devices',
  'deviceLinks',
  'driverLinks',
] as const satisfies readonly (keyof SyncSelection)[];

/**
 * A problem with one field. `deviceLinks` and `driverLinks`: a link kind chosen without the
 * kinds it links (the contract's syncSelectionProblem).
 */
export type FormIssue =
  Issue | { field: 'synchronise'; rule: 'deviceLinks' | 'driverLinks'; limit?: undefined };

export const formOf = (configuration: SyncConfiguration | null): ConfigurationForm => ({
  server: configuration?.server ?? '',
  apiKey: '',
  removeKey: false,
  synchronise: { ...(configuration?.synchronise ?? DEFAULT_SYNC_SELECTION) },
  intervalMinutes: String(configuration?.intervalMinutes ?? SYNC_INTERVAL_MINUTES.default),
  enabled: configuration?.enabled ?? true,
});

/** A whole number as typed, or the text itself (so the schema calls it not valid). */
const integer = (text: string): number | string =>
  /^\s*\d+\s*$/.test(text) ? Number(text.trim()) : text;

/**
 * The body of POST organisations/{id}/configuration (creating) or PUT configurations/{id}: on a
 * change the key is sent only when a new one was typed, null when it is to be removed.
 */
export function bodyOf(form: ConfigurationForm, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    server: form.server.trim(),
    synchronise: { ...form.synchronise },
    intervalMinutes: integer(form.intervalMinutes),
    enabled: form.enabled,
  };
  if (creating) body.apiKey = form.apiKey;
  else if (form.removeKey) body.apiKey = null;
  else if (form.apiKey !== '') body.apiKey = form.apiKey;
  return body;
}

/** Which link kind the selection chose without what it links, by the contract's own rule. */
export function selectionIssue(selection: SyncSelection): FormIssue | undefined {
  if (syncSelectionProblem({ ...selection, driverLinks: false }))
    return { field: 'synchronise', rule: 'deviceLinks' };
  if (syncSelectionProblem({ ...selection, deviceLinks: false }))
    return { field: 'synchronise', rule: 'driverLinks' };
  return undefined;
}

/** The contract's schema over the body, the selection rule, and a blank interval as "required". */
export function formIssues(form: ConfigurationForm, creating: boolean): FormIssue[] {
  const body = bodyOf(form, creating);
  const schema = creating ? CreateSyncConfigurationBody : UpdateSyncConfigurationBody;
  const blankInterval = form.intervalMinutes.trim() === '';
  const issues: FormIssue[] = schemaIssues(schema, body)
    .filter((issue) => !(blankInterval && issue.field === 'intervalMinutes'))
    // A short address is not "too short" but not an address (the shortest is 8 characters).
    .map((issue) =>
      issue.field === 'server' && issue.rule === 'minLength'
        ? { field: 'server', rule: 'invalid' }
        : issue,
    );
  if (blankInterval) issues.push({ field: 'intervalMinutes', rule: 'required' });
  const selection = selectionIssue(form.synchronise);
  if (selection && !issues.some((issue) => issue.field === 'synchronise')) issues.push(selection);
  return issues.sort(
    (a, b) =>
      CONFIGURATION_FIELDS.indexOf(a.field as ConfigurationField) -
      CONFIGURATION_FIELDS.indexOf(b.field as ConfigurationField),
  );
}

/**
 * What a form issue's message says, for the hook to translate: a selection rule, the interval's
 * range, "not an address", or the generic text of the rule (with its limit).
 */
export type IssueText =
  | { text: 'selection'; rule: 'deviceLinks' | 'driverLinks' }
  | { text: 'interval'; range: { min: number; max: number } }
  | { text: 'serverInvalid' }
  | { text: 'rule'; rule: Issue['rule']; count?: number };

export function issueText(issue: FormIssue): IssueText {
  if (issue.rule === 'deviceLinks' || issue.rule === 'driverLinks')
    return { text: 'selection', rule: issue.rule };
  if (issue.field === 'intervalMinutes' && issue.rule === 'invalid')
    return {
      text: 'interval',
      range: { min: SYNC_INTERVAL_MINUTES.min, max: SYNC_INTERVAL_MINUTES.max },
    };
  if (issue.field === 'server' && issue.rule === 'invalid') return { text: 'serverInvalid' };
  return { text: 'rule', rule: issue.rule, count: issue.limit };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The server's sentences about the selection (it names no field in them). */
const SELECTION_PROBLEMS = [
  syncSelectionProblem({ ...DEFAULT_SYNC_SELECTION, devices: false, driverLinks: false }),
  syncSelectionProblem({ ...DEFAULT_SYNC_SELECTION, drivers: false, deviceLinks: false }),
].filter((text): text is string => text !== undefined);

/**
 * The field a server refusal (400) is about, so its message stands at that field: the server
 * names it first ("server must be an http or https address", "intervalMinutes must be <= 10080"),
 * or says one of the selection rules. Undefined: the form as a whole.
 */
export function fieldOfServerError(message: string): ConfigurationField | undefined {
  if (SELECTION_PROBLEMS.some((problem) => message.includes(problem))) return 'synchronise';
  let best: { field: ConfigurationField; at: number } | undefined;
  for (const field of CONFIGURATION_FIELDS) {
    const match = new RegExp(`(^|[^\\w])${escape(field)}(?![\\w])`).exec(message);
    if (match && (!best || match.index < best.at)) best = { field, at: match.index };
  }
  return best?.field;
}
