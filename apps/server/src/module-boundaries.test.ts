import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's border rule (eslint.config.js, issue 17) as the repository's own config applies
// it: each line of code is linted as if it sat in the file named, and must pass or be refused.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, {
    filePath: `apps/server/src/${file}`,
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the server module border rule', () => {
  it.each([
    // another module's repository, service or routes: refused
    ['modules/media/media.service.ts', "import { A } from '../assets/assets.repository.js';"],
    ['modules/media/media.service.ts', "import type { A } from '../assets/assets.service.js';"],
    ['modules/device-api/device-api.routes.ts', "import { r } from '../media/media.routes.js';"],
    ['app.ts', "import { A } from './modules/assets/assets.service.js';"],
    ['plugins/authenticate.ts', "import type { C } from '../modules/authn/callers.js';"],
    // SQL outside repositories and db/
    ['modules/media/media.service.ts', "import { sql } from 'kysely';"],
    ['plugins/errors.ts', "import { sql } from 'kysely';"],
    ['jobs/background.ts', "import { sql } from 'kysely';"],
    // the job runner and test support: modules through their front doors only
    ['jobs/background.ts', "import type { M } from '../modules/media/media.service.js';"],
    ['jobs/jobs.repository.ts', "import { M } from '../modules/media/media.repository.js';"],
    ['test/fleet-seed.ts', "import { A } from '../modules/assets/assets.repository.js';"],
    // the arrows that run back up
    ['lib/list-helper.ts', "import type { Db } from '../db/database.js';"],
    ['lib/list-helper.ts', "import { x } from '../modules/assets/index.js';"],
    ['db/rows.ts', "import { x } from '../modules/assets/index.js';"],
  ])('%s: refuses %s', async (file, code) => {
    expect(await refusals(file, code)).toHaveLength(1);
  });

  it.each([
    // a module's front door, its own files, db/ and lib/
    ['modules/media/media.service.ts', "import type { AssetReads } from '../assets/index.js';"],
    ['modules/media/media.service.ts', "import { MediaRepository } from './media.repository.js';"],
    ['modules/media/media.service.ts', "import type { Db } from '../../db/database.js';"],
    ['modules/media/media.service.ts', "import { badRequest } from '../../lib/http-error.js';"],
    ['app.ts', "import { createAssets } from './modules/assets/index.js';"],
    // SQL where it belongs
    ['modules/media/media.repository.ts', "import { sql } from 'kysely';"],
    ['db/fleet-rows.ts', "import { sql } from 'kysely';"],
    ['jobs/jobs.repository.ts', "import { sql } from 'kysely';"],
    ['jobs/background.ts', "import type { MediaService } from '../modules/media/index.js';"],
    ['test/fleet-seed.ts', "import { sql } from 'kysely';"],
    ['modules/media/media.service.ts', "import type { Kysely } from 'kysely';"],
    // a test may reach inside another module to set up what it checks
    ['modules/media/media.test.ts', "import { A } from '../assets/assets.repository.js';"],
  ])('%s: allows %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
