import { endpoints } from '@fleet/contract';
import { createApiClient } from './api-client';
import { createSessionStore, USER_KEY } from './session';
import { useStore } from './store';

/** The browser's session, kept in localStorage (spec §3). */
export const session = createSessionStore(window.localStorage);

// Another tab may rotate the tokens or log out; follow it instead of using stale tokens.
window.addEventListener('storage', (event) => {
  if (event.key === USER_KEY || event.key === null) session.reload();
});

// Tabs that load at once with an expired token refresh one after the other (api-client.ts).
const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
export const api = createApiClient(window.fetch.bind(window), session, {
  // request() resolves with what the callback's promise resolves with; its type says Promise<Promise<T>>.
  exclusive: locks
    ? <T>(name: string, work: () => Promise<T>) => locks.request(name, work) as Promise<T>
    : undefined,
});

export const useSession = () => useStore(session);

/**
 * Logout ends the session on the server too, so the tokens stop working everywhere (a copied
 * token included); the browser forgets the user whether or not the server could be reached.
 */
export async function signOut(): Promise<void> {
  const refreshToken = session.refreshToken();
  try {
    if (refreshToken) await api.call(endpoints.auth.logout, { body: { refreshToken } });
  } catch {
    // Already ended or unreachable: the stored user is cleared all the same.
  } finally {
    session.logout();
  }
}

/** For screens behind the session guard, where a session always exists. */
export function useAuthenticatedSession() {
  const user = useSession();
  if (!user) throw new Error('No session: this screen belongs behind the session guard');
  return user;
}
