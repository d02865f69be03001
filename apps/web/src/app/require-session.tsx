import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth';
import { paths } from '@/config/paths';
import type { SignInReturn } from './sign-in-return';

/**
 * The session guard: without a stored user every route below sends the visitor to /login, which
 * remembers where the visitor was going (issue 19 §8: a deep link leads there after sign-in).
 */
export function RequireSession() {
  const { pathname, search, hash } = useLocation();
  if (useSession()) return <Outlet />;
  const state: SignInReturn = { from: `${pathname}${search}${hash}` };
  return <Navigate to={paths.login} replace state={state} />;
}
