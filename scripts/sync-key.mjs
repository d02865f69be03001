// `npm run sync-key -- [options]`: issues an export API key on a server of ours, for the
// synchronisation walk-through of docs/synchronisation.md (the call is POST
// /sync-api/organisations/{id}/apikeys; this signs in and finds the organisation by name).
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run sync-key -- [--url URL] [--organisation NAME] [--name KEY_NAME]
  --url           the server that offers its data (default http://localhost:3001)
  --organisation  the organisation the key reads, with those below it (default Demo Transport)
  --name          what the key is called in its list (default mirror)
  --sign-in-organisation, --username, --password   an OEM user (default the demo's oem)`;

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3001' },
    organisation: { type: 'string', default: 'Demo Transport' },
    name: { type: 'string', default: 'mirror' },
    'sign-in-organisation': { type: 'string', default: 'Fleetwise OEM' },
    username: { type: 'string', default: 'oem' },
    password: { type: 'string', default: 'demo-pass' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const base = values.url.replace(/\/+$/, '');
async function call(method, path, body, token) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? ''}`);
  return answer;
}

try {
  const { accessToken } = await call('POST', '/api/login', {
    organisation: values['sign-in-organisation'],
    username: values.username,
    password: values.password,
  });
  const organisations = await call('GET', '/api/organisations', undefined, accessToken);
  const organisation = organisations.find(
    (o) => o.name.toLowerCase() === values.organisation.toLowerCase(),
  );
  if (!organisation) throw new Error(`no organisation '${values.organisation}' on ${base}`);
  const issued = await call(
    'POST',
    `/sync-api/organisations/${organisation.id}/apikeys`,
    { name: values.name },
    accessToken,
  );
  process.stdout.write(
    `Server:       ${base}\nOrganisation: ${organisation.name} (external id ${organisation.id})\nAPI key:      ${issued.key}\n` +
      'The key is shown this once; configure it on the mirroring server.\n',
  );
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
