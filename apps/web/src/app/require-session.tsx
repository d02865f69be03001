import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/auth';
import { paths } from '@/config/paths';

/** The session guard: without a stored user every route below sends the visitor to /login. */
export function RequireSession() {
  return useSession() ? <Outlet /> : <Navigate to={paths.login} replace />;
}
