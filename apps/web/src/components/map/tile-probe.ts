/** How long a tile server may take to answer before the base map stands in. */
export const PROBE_TIMEOUT_MS = 4000;

const answers = new Map<string, Promise<boolean>>();

/**
 * Whether the address answers with success, asked once per page: once a tile
 * server has failed, the page stops asking it, so the console shows one failed request, not one
 * per tile.
 */
export function answersOnce(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  let answer = answers.get(url);
  if (!answer) {
    answer = fetch(url, { signal: AbortSignal.timeout(timeoutMs), cache: 'force-cache' }).then(
      (response) => response.ok,
      () => false,
    );
    answers.set(url, answer);
  }
  return answer;
}

/** The server is known to have failed: later maps of this page go straight to the base map. */
export function markFailed(url: string): void {
  answers.set(url, Promise.resolve(false));
}
