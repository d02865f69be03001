/**
 * Query parameters that carry a credential: a media link (`link`), the Janus long-poll's and
 * janus.js's `token`, the monitoring view's `t`, and the usual names of keys and secrets.
 */
const SECRET_PARAMS = new Set([
  't',
  'token',
  'link',
  'access_token',
  'refresh_token',
  'id_token',
  'key',
  'api_key',
  'apikey',
  'secret',
  'password',
  'signature',
  'sig',
  'credential',
]);

/** A JSON Web Token (every token this server issues is one): header.payload.signature. */
const JWT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const REDACTED = '[REDACTED]';

const paramName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).trim().toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/**
 * A request URL fit for a log: the values of credential parameters, and anything shaped like
 * a token in the path or elsewhere, replaced by [REDACTED].
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.replace(JWT, REDACTED);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && SECRET_PARAMS.has(paramName(pair.slice(0, eq)))
        ? `${pair.slice(0, eq)}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`.replace(JWT, REDACTED);
}

const SECRET_PARAM_IN_TEXT = new RegExp(
  `([?&](?:${[...SECRET_PARAMS].join('|')})=)[^&\\s"'#]+`,
  'gi',
);

/**
 * Any text about to be logged (one JSON log line): tokens and credential parameters of every
 * URL in it, wherever it was logged from (an error message naming a URL, a library's warning).
 */
export const redactText = (text: string): string =>
  text.replace(JWT, REDACTED).replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`);

/** A pino destination that redacts each line before it reaches the real one. */
export function redactingStream(target: { write(line: string): unknown }): {
  write(line: string): void;
} {
  return { write: (line) => void target.write(redactText(line)) };
}
