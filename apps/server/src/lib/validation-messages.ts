import type { FastifyError } from 'fastify';

export type ValidationIssue = NonNullable<FastifyError['validation']>[number];

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
    default:
      return `${where} ${issue.message ?? 'is not valid'}`;
  }
}

/** One sentence per problem; TypeBox's extra "schema is false" beside an unknown field says nothing new. */
export function describeValidationErrors(
  issues: ValidationIssue[],
  context: string | undefined,
): string {
  const useful = issues.filter((i) => i.keyword !== 'boolean');
  const sentences = (useful.length ? useful : issues).map((i) => describeValidation(i, context));
  return [...new Set(sentences)].join('; ');
}
