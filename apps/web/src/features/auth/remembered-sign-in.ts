/**
 * "Remember me" is not sent to the server (spec §7). It keeps the organisation and user name in
 * this browser, so the next sign-in only asks for the password.
 */
type Remembered = { organisation: string; username: string };

const KEY = 'rememberedSignIn';

export function readRememberedSignIn(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Remembered> | null;
    return typeof value?.organisation === 'string' && typeof value.username === 'string'
      ? { organisation: value.organisation, username: value.username }
      : null;
  } catch {
    return null;
  }
}

export function rememberSignIn(value: Remembered | null) {
  if (value) localStorage.setItem(KEY, JSON.stringify(value));
  else localStorage.removeItem(KEY);
}
