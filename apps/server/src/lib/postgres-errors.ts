/** SQLSTATE codes that mean "the request collides with what exists", not "the server broke". */
export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';

interface PostgresError extends Error {
  code: string;
  constraint?: string;
}

/** Whether pg threw this SQLSTATE (and, when given, for this constraint). */
export function isPostgresError(
  error: unknown,
  code: string,
  constraint?: string,
): error is PostgresError {
  if (!(error instanceof Error) || (error as Partial<PostgresError>).code !== code) return false;
  return constraint === undefined || (error as PostgresError).constraint === constraint;
}
