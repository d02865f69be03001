import type { FastifyError } from 'fastify';

export type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** The patterns of the contract, in words: a message never shows a regular expression. */
const PATTERNS: Record<string, string> = {
  '\\S': 'must have a visible character',
  '^[^\\s/?#]+$': 'must not hold spaces, /, ? or #',
  '^[\\x21-\\x7e]+$': 'must hold only visible ASCII characters, without spaces',
  '^[0-9A-Za-z._:-]+$': 'may hold only letters, digits and . _ : -',
  '^https?://[^/\\s@]+(/\\S*)?$': 'must be an http or https address',
  '^https?://[^/\\s@?#]+(/[^\\s?#]*)?$': 'must be an http or https address',
};

const FORMATS: Record<string, string> = {
  'date-time': 'a date and time with an offset, such as 2026-11-26T08:00:00+01:00',
  date: 'a date such as 2026-11-26',
  email: 'an e-mail address',
  uri: 'an address',
};

const TYPES: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const quoted = (value: unknown) =>
  typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
const typeWords = (type: unknown) =>
  [type]
    .flat()
    .map((t) => TYPES[String(t)] ?? String(t))
    .join(' or ');

/** What a value must be, in words, for the keywords that say so ('ALL', a list, one of …). */
function wanted(issue: ValidationIssue): string | undefined {
  const params = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'const':
      return quoted(params.allowedValue);
    case 'enum':
      return `one of ${[params.allowedValues].flat().map(quoted).join(', ')}`;
    case 'type':
      return typeWords(params.type);
    default:
      return undefined;
  }
}

/** "body/password must NOT have fewer than 6 characters" becomes "password must have at least 6 characters". */
export function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = issue.params as Record<string, unknown>;
  const where = field || context || 'request';
  switch (issue.keyword) {
    case 'required': {
      const names = [params.missingProperty ?? params.requiredProperties].flat().map(String);
      const prefix = field ? `${field}.` : '';
      return `${names.map((n) => prefix + n).join(', ')} ${names.length > 1 ? 'are' : 'is'} required`;
    }
    case 'additionalProperties': {
      const names = [params.additionalProperty ?? params.additionalProperties].flat().map(String);
      return `${field || context || 'request'} has unknown ${names.length > 1 ? 'fields' : 'field'} '${names.join("', '")}'`;
    }
    case 'minLength':
      return Number(params.limit) === 1
        ? `${where} must not be empty`
        : `${where} must have at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${where} must have at most ${String(params.limit)} characters`;
    case 'pattern':
      return `${where} ${PATTERNS[String(params.pattern)] ?? 'is not in the form it must have'}`;
    case 'format':
      return `${where} must be ${FORMATS[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case 'minimum':
      return `${where} must be at least ${String(params.limit)}`;
    case 'maximum':
      return `${where} must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `${where} must be more than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `${where} must be less than ${String(params.limit)}`;
    case 'minItems':
      return `${where} must hold at least ${String(params.limit)} items`;
    case 'maxItems':
      return `${where} must hold at most ${String(params.limit)} items`;
    case 'uniqueItems':
      return `${where} must not hold an item twice`;
    case 'multipleOf':
      return `${where} must be a multiple of ${String(params.multipleOf)}`;
    case 'const':
    case 'enum':
    case 'type':
      return `${where} must be ${wanted(issue)}`;
    case 'anyOf':
    case 'oneOf':
      return `${where} is none of the forms it may have`;
    default:
      // Our own issues (a NUL character) say it in words; a validator's own words might not.
      return `${where} ${issue.message && !/pattern|anyOf|oneOf|schema/i.test(issue.message) ? issue.message : 'is not valid'}`;
  }
}

/** The issues of the branches of the union at `union` (its schemaPath), by branch. */
function branchesOf(union: ValidationIssue, issues: ValidationIssue[]) {
  const prefix = `${union.schemaPath}/${union.keyword}/`;
  const branches = new Map<string, ValidationIssue[]>();
  for (const issue of issues) {
    if (!issue.schemaPath.startsWith(prefix)) continue;
    const branch = issue.schemaPath.slice(prefix.length).split('/')[0]!;
    branches.set(branch, [...(branches.get(branch) ?? []), issue]);
  }
  return [...branches.values()];
}

/**
 * A value that fits none of a union's forms ("'ALL' or a list"), in words. When a branch failed
 * only deeper down (a list with one bad item), that branch's own problems say more.
 */
function describeUnion(
  union: ValidationIssue,
  issues: ValidationIssue[],
  context: string | undefined,
): string[] {
  const branches = branchesOf(union, issues);
  const deeper = branches.find((b) => b.every((i) => i.instancePath !== union.instancePath));
  if (deeper) return describeAll(deeper, context);
  const forms = branches.map((branch) => {
    const here = branch.filter((i) => i.instancePath === union.instancePath);
    // 'ALL' says more than "text": a constant or an enumeration before the type.
    const best = here.find((i) => i.keyword !== 'type') ?? here[0];
    return best && wanted(best);
  });
  if (!forms.length || forms.some((f) => f === undefined))
    return [describeValidation(union, context)];
  const field = union.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [`${field || context || 'request'} must be ${[...new Set(forms)].join(' or ')}`];
}

function describeAll(issues: ValidationIssue[], context: string | undefined): string[] {
  const unions = issues.filter((i) => i.keyword === 'anyOf' || i.keyword === 'oneOf');
  const inUnion = (i: ValidationIssue) =>
    unions.some((u) => i !== u && i.schemaPath.startsWith(`${u.schemaPath}/${u.keyword}/`));
  return issues.flatMap((issue) => {
    if (unions.includes(issue)) return describeUnion(issue, issues, context);
    return inUnion(issue) ? [] : [describeValidation(issue, context)];
  });
}

/** One sentence per problem; TypeBox's extra "schema is false" beside an unknown field says nothing new. */
export function describeValidationErrors(
  issues: ValidationIssue[],
  context: string | undefined,
): string {
  const useful = issues.filter((i) => i.keyword !== 'boolean');
  return [...new Set(describeAll(useful.length ? useful : issues, context))].join('; ');
}
