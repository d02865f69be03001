import { endpoints, type LoginBody } from '@fleet/contract';
import { api, session } from '@/lib/auth';

/**
 * POST login; success stores the session, failure clears it and passes the error on (spec §4, §8).
 * A plain call, not a TanStack mutation: the sign-in page stays free of the query library.
 */
export async function login(body: LoginBody): Promise<void> {
  try {
    session.start(await api.call(endpoints.auth.login, { body }));
  } catch (error) {
    session.logout();
    throw error;
  }
}
