import { paths } from '../config/paths';

/** What the session guard hands the sign-in page: the address the visitor asked for. */
export interface SignInReturn {
  from: string;
}

/**
 * Where to go after signing in: the address the guard kept when it is one of this app's own
 * (a path, not another site's `//host` or a scheme), else the overview.
 */
export function afterSignIn(state: unknown): string {
  const from = (state as Partial<SignInReturn> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//'))
    return paths.overview;
  if (from.startsWith('/\\') || from === paths.login || from.startsWith(`${paths.login}?`))
    return paths.overview;
  return from;
}
