import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeletionProgress } from '@fleet/contract';
import { fleetSeed, unique } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { multipart, testJpeg } from '../../test/media-test-files.js';

/**
 * Renaming, moving and deleting organisations (issue 11 §1): who may (role × the caller's own
 * organisation / one below it / one outside its subtree), where a move may go, and that a
 * deletion takes everything in and below the organisation, in one transaction.
 */
let t: TestApp;
let ids: Record<string, number>;

const ROLE: Record<string, string> = {
  oem: 'OEM',
  reseller: 'RESELLER',
  manager: 'USER',
  integrator: 'INTEGRATOR',
  driver: 'DRIVER',
};
const OWN: Record<string, string> = {
  oem: 'Fleetwise OEM',
  reseller: 'Northline Reseller',
  manager: 'Demo Transport',
  integrator: 'Demo Transport',
  driver: 'Demo Transport',
};
/** An organisation outside each user's subtree: above it, a sibling, another tree. */
const OUTSIDE: Record<string, string> = {
  oem: 'Other Root',
  reseller: 'Fleetwise OEM',
  manager: 'Polder Logistics',
  integrator: 'Northline Reseller',
  driver: 'Polder Logistics',
};
const manages = (user: string) => ['OEM', 'RESELLER'].includes(ROLE[user]!);

const insertOrganisation = async (name: string, parentId: number | null) =>
  (
    await t.db
      .insertInto('organisations')
      .values({ name, parent_id: parentId })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const nameOf = async (id: number) =>
  (await t.db
    .selectFrom('organisations')
    .select(['name', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirst()) ?? null;

/** The streamed lines of a deletion. */
const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as DeletionProgress);

const remove = (user: string, id: number, confirm: string) =>
  t.as(user, { method: 'DELETE', url: `/api/organisations/${id}`, query: { confirm } });

beforeAll(async () => {
  t = await createTestApp();
  ids = {};
  for (const name of ['Fleetwise OEM', 'Northline Reseller', 'Demo Transport', 'Polder Logistics'])
    ids[name] = await t.organisationId(name);
  ids['Other Root'] = await insertOrganisation('Other Root', null);
}, 60_000);
afterAll(() => t.close());

describe('PUT /api/organisations/{id}: rename, role × organisation', () => {
  const matrix = Object.keys(ROLE).flatMap((user) =>
    (['own', 'child', 'outside'] as const).map((target) => {
      const status = target === 'outside' ? 404 : manages(user) ? 200 : 403;
      return [user, target, status] as const;
    }),
  );
  it.each(matrix)('%s renaming its %s organisation answers %i', async (user, target, status) => {
    const id =
      target === 'own'
        ? ids[OWN[user]!]!
        : target === 'outside'
          ? ids[OUTSIDE[user]!]!
          : await insertOrganisation(unique(`${user} child`), ids[OWN[user]!]!);
    const before = await nameOf(id);
    const name = unique('Renamed');
    const response = await t.as(user, {
      method: 'PUT',
      url: `/api/organisations/${id}`,
      payload: { name: `  ${name} ` },
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) {
      expect(response.json()).toEqual({ id, name, parentId: before!.parent_id });
      expect((await nameOf(id))!.name).toBe(name);
      // put the demo organisations' names back: the other cases sign in with them
      if (target === 'own')
        await t.db
          .updateTable('organisations')
          .set({ name: before!.name })
          .where('id', '=', id)
          .execute();
    } else {
      expect(response.json().code).toBe(status === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
      expect(await nameOf(id)).toEqual(before);
    }
  });

  it('refuses a name another organisation has, in any tree and case, without naming it', async () => {
    const id = await insertOrganisation(unique('Plain'), ids['Northline Reseller']!);
    const response = await t.as('reseller', {
      method: 'PUT',
      url: `/api/organisations/${id}`,
      payload: { name: 'OTHER root' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: "The name 'OTHER root' is not available; choose another",
    });
    expect(response.body).not.toContain(String(ids['Other Root']));
  });

  it.each([
    [{ name: '' }],
    [{ name: '   ' }],
    [{ name: 42 }],
    [{ parentId: 0 }],
    [{ parentId: 'x' }],
    [{ other: 1 }],
  ])('answers 400 for %j', async (payload) => {
    const response = await t.as('oem', {
      method: 'PUT',
      url: `/api/organisations/${ids['Polder Logistics']}`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('PUT /api/organisations/{id}: move', () => {
  it.each(Object.keys(ROLE))(
    '%s moves an organisation below its own within its subtree, only as OEM or reseller',
    async (user) => {
      const own = ids[OWN[user]!]!;
      const a = await insertOrganisation(unique('Move A'), own);
      const b = await insertOrganisation(unique('Move B'), own);
      const response = await t.as(user, {
        method: 'PUT',
        url: `/api/organisations/${b}`,
        payload: { parentId: a },
      });
      expect(response.statusCode, response.body).toBe(manages(user) ? 200 : 403);
      expect((await nameOf(b))!.parent_id).toBe(manages(user) ? a : own);
    },
  );

  it.each(Object.keys(ROLE))('%s may not move its own organisation (403)', async (user) => {
    const own = ids[OWN[user]!]!;
    const child = await insertOrganisation(unique('Below own'), own);
    const response = await t.as(user, {
      method: 'PUT',
      url: `/api/organisations/${own}`,
      payload: { parentId: child },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it.each(Object.keys(ROLE).filter(manages))(
    '%s moves nothing out of its subtree, nor takes in one from outside (404)',
    async (user) => {
      const own = ids[OWN[user]!]!;
      const mine = await insertOrganisation(unique('Mine'), own);
      const out = await t.as(user, {
        method: 'PUT',
        url: `/api/organisations/${mine}`,
        payload: { parentId: ids[OUTSIDE[user]!] },
      });
      expect(out.statusCode).toBe(404);
      expect((await nameOf(mine))!.parent_id).toBe(own);
      const into = await t.as(user, {
        method: 'PUT',
        url: `/api/organisations/${ids[OUTSIDE[user]!]}`,
        payload: { parentId: mine },
      });
      expect(into.statusCode).toBe(404);
    },
  );

  it('refuses a move under itself or below itself (400) and changes nothing', async () => {
    const top = await insertOrganisation(unique('Top'), ids['Northline Reseller']!);
    const middle = await insertOrganisation(unique('Middle'), top);
    const bottom = await insertOrganisation(unique('Bottom'), middle);
    for (const parentId of [top, middle, bottom]) {
      const response = await t.as('reseller', {
        method: 'PUT',
        url: `/api/organisations/${top}`,
        payload: { parentId },
      });
      if (parentId === top) expect(response.statusCode).toBe(400);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(
        /^parentId must not be the organisation itself or one below it/,
      );
    }
    expect((await nameOf(top))!.parent_id).toBe(ids['Northline Reseller']);
  });

  it('two moves at once that would make a cycle: one wins, the other is refused', async () => {
    const a = await insertOrganisation(unique('Race A'), ids['Northline Reseller']!);
    const b = await insertOrganisation(unique('Race B'), ids['Northline Reseller']!);
    const [ab, ba] = await Promise.all([
      t.as('oem', { method: 'PUT', url: `/api/organisations/${a}`, payload: { parentId: b } }),
      t.as('oem', { method: 'PUT', url: `/api/organisations/${b}`, payload: { parentId: a } }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 400]);
    const parents = [(await nameOf(a))!.parent_id, (await nameOf(b))!.parent_id];
    expect(parents).toContain(ids['Northline Reseller']);
  });

  it('renames and moves in one call, and the move shows in the picker list', async () => {
    const a = await insertOrganisation(unique('Both A'), ids['Northline Reseller']!);
    const b = await insertOrganisation(unique('Both B'), ids['Northline Reseller']!);
    const name = unique('Both renamed');
    const response = await t.as('reseller', {
      method: 'PUT',
      url: `/api/organisations/${b}`,
      payload: { name, parentId: a },
    });
    expect(response.json()).toEqual({ id: b, name, parentId: a });
    const list = (await t.as('reseller', { method: 'GET', url: '/api/organisations' })).json();
    expect(list).toContainEqual({ id: b, name, parentId: a });
  });
});

describe('DELETE /api/organisations/{id}: role × organisation', () => {
  const matrix = Object.keys(ROLE).flatMap((user) =>
    (['own', 'child', 'outside'] as const).map((target) => {
      const status =
        target === 'outside' ? 404 : target === 'own' ? 403 : manages(user) ? 200 : 403;
      return [user, target, status] as const;
    }),
  );
  it.each(matrix)('%s deleting its %s organisation answers %i', async (user, target, status) => {
    const name =
      target === 'own'
        ? OWN[user]!
        : target === 'outside'
          ? OUTSIDE[user]!
          : unique(`${user} doomed`);
    const id = target === 'child' ? await insertOrganisation(name, ids[OWN[user]!]!) : ids[name]!;
    const response = await remove(user, id, name);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 200) {
      expect(response.headers['content-type']).toContain('application/x-ndjson');
      const progress = lines(response.body);
      expect(progress[0]!.status).toBe('started');
      expect(progress.at(-1)).toMatchObject({ status: 'finished', deleted: { organisations: 1 } });
      expect(await nameOf(id)).toBeNull();
    } else {
      expect(response.json().code).toBe(status === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
      expect(await nameOf(id)).not.toBeNull();
    }
  });

  it('asks for the name as the confirmation (400 otherwise) and deletes nothing', async () => {
    const name = unique('Confirm Co');
    const id = await insertOrganisation(name, ids['Northline Reseller']!);
    for (const confirm of [name.toUpperCase(), 'yes', `${name}x`]) {
      const response = await remove('reseller', id, confirm);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: `confirm must be the organisation's name exactly: type '${name}' to delete it`,
      });
    }
    const missing = await t.as('reseller', { method: 'DELETE', url: `/api/organisations/${id}` });
    expect(missing.statusCode).toBe(400);
    expect(await nameOf(id)).not.toBeNull();
  });
});

/** Every row of any table that refers to one of these organisations, assets, devices, drivers or users. */
async function referringRows(refs: {
  organisations: number[];
  assets: number[];
  devices: number[];
  drivers: number[];
  users: number[];
}) {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name IN
      ('organisation_id', 'asset_id', 'device_id', 'driver_id', 'user_id', 'parent_id')`.execute(
    t.db,
  );
  const byColumn: Record<string, number[]> = {
    organisation_id: refs.organisations,
    parent_id: refs.organisations,
    asset_id: refs.assets,
    device_id: refs.devices,
    driver_id: refs.drivers,
    user_id: refs.users,
  };
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM ${sql.table(table)}
      WHERE ${sql.ref(column)} = ANY(${byColumn[column]!}::integer[])`.execute(t.db);
    if (rows[0]!.n) found[`${table}.${column}`] = rows[0]!.n;
  }
  for (const table of ['organisations', 'assets', 'devices', 'drivers', 'users'] as const) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM ${sql.table(table)} WHERE id = ANY(${refs[table]}::integer[])`.execute(
      t.db,
    );
    if (rows[0]!.n) found[`${table}.id`] = rows[0]!.n;
  }
  return found;
}

describe('deleting an organisation with everything in and below it', () => {
  /** An organisation under Northline with a child, users, a fleet, records, trips and a picture. */
  async function customer(name: string) {
    const top = await insertOrganisation(name, ids['Northline Reseller']!);
    const child = await insertOrganisation(`${name} Depot`, top);
    const seed = fleetSeed(t);
    const refs = {
      organisations: [top, child],
      assets: [] as number[],
      devices: [] as number[],
      drivers: [] as number[],
      users: [] as number[],
    };
    for (const organisationId of [top, child]) {
      const asset = await seed.asset(organisationId);
      const device = await seed.device(organisationId);
      const driver = await seed.driver(organisationId);
      await seed.group(organisationId);
      await seed.configurationGroup(organisationId);
      await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
      await seed.driverLink(asset.id, driver.id, '2026-11-01T00:00:00Z');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/device-api/v1/records',
        headers: { authorization: `Bearer ${device.credential}` },
        payload: {
          records: [
            {
              timestamp: '2026-11-05T09:00:00Z',
              transferReason: 'TRIP_START',
              odometer: 1000,
              location: { latitude: 5200000, longitude: 480000 },
            },
            {
              timestamp: '2026-11-05T09:30:00Z',
              transferReason: 'TRIP_STOP',
              odometer: 31000,
              location: { latitude: 5210000, longitude: 480000 },
            },
          ],
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const picture = await t.as('oem', {
        method: 'POST',
        url: '/api/media',
        ...multipart(
          {
            identifier: device.identifier,
            timestamp: '2026-11-05T09:10:00Z',
            mimeType: 'image/jpeg',
          },
          { filename: 'x.jpg', contentType: 'image/jpeg', data: await testJpeg() },
        ),
      });
      expect(picture.statusCode, picture.body).toBe(201);
      const user = await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${organisationId}/users`,
        payload: {
          name: 'Customer user',
          username: unique('user'),
          password: 'secret-pass',
          role: 'USER',
        },
      });
      expect(user.statusCode, user.body).toBe(201);
      refs.assets.push(asset.id);
      refs.devices.push(device.id);
      refs.drivers.push(driver.id);
      refs.users.push(user.json().id);
    }
    await t.app.services.engine.drain();
    return { top, child, refs };
  }

  it('takes the child organisations, users, fleet, records, trips and media, and reports each step', async () => {
    const name = unique('Gone Haulage');
    const { top, refs } = await customer(name);
    const before = await referringRows(refs);
    expect(before).toMatchObject({
      'raw_records.device_id': 4,
      'trips.asset_id': 2,
      'media.asset_id': 2,
      'users.organisation_id': 2,
    });
    const garbage = async () =>
      Number(
        (await sql<{ n: number }>`SELECT count(*)::integer AS n FROM media_garbage`.execute(t.db))
          .rows[0]!.n,
      );
    const garbageBefore = await garbage();

    const response = await remove('reseller', top, name);
    expect(response.statusCode).toBe(200);
    const progress = lines(response.body);
    expect(progress.map((p) => p.status)).toEqual([
      'started',
      ...progress.slice(1, -1).map(() => 'running'),
      'finished',
    ]);
    const done = progress.map((p) => p.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    const last = progress.at(-1)!;
    expect(last.done).toBe(last.steps);
    expect(last.seconds).toBeGreaterThanOrEqual(0);
    expect(last.deleted).toMatchObject({
      trips: 2,
      assets: 2,
      devices: 2,
      drivers: 2,
      users: 2,
      groups: 2,
      configurationGroups: 2,
      organisations: 2,
    });
    expect(await referringRows(refs)).toEqual({});
    // the pictures' files are queued for removal, not orphaned
    expect(await garbage()).toBe(garbageBefore + 4);
  });

  it("is gone from the reseller's list, and its users no longer sign in", async () => {
    const name = unique('Signed Out');
    const { top } = await customer(name);
    await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${top}/users`,
      payload: { name: 'Last', username: 'last-user', password: 'secret-pass', role: 'USER' },
    });
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { organisation: name, username: 'last-user', password: 'secret-pass' },
      });
    const login = await signIn();
    expect(login.statusCode).toBe(200);
    expect((await remove('oem', top, name)).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(401);
    const afterwards = await t.app.inject({
      method: 'GET',
      url: '/api/organisations',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(afterwards.statusCode).toBe(401);
    const list = (await t.as('reseller', { method: 'GET', url: '/api/organisations' })).json();
    expect(list.map((o: { name: string }) => o.name)).not.toContain(name);
  });

  it('leaves everything as it was when a step fails (one transaction)', async () => {
    const name = unique('Unlucky Co');
    const { top, refs } = await customer(name);
    const before = await referringRows(refs);
    // The last step fails: deleting this organisation's row raises.
    await sql
      .raw(
        `CREATE FUNCTION refuse_unlucky() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF OLD.name = '${name}' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN OLD; END $$`,
      )
      .execute(t.db);
    await sql`CREATE TRIGGER refuse_unlucky BEFORE DELETE ON organisations FOR EACH ROW EXECUTE FUNCTION refuse_unlucky()`.execute(
      t.db,
    );
    try {
      const response = await remove('oem', top, name);
      expect(response.statusCode).toBe(200);
      const last = lines(response.body).at(-1)!;
      expect(last.status).toBe('failed');
      // the database's words stay in the log
      expect(last.message).not.toContain('disk on fire');
      expect(await referringRows(refs)).toEqual(before);
    } finally {
      await sql`DROP TRIGGER refuse_unlucky ON organisations`.execute(t.db);
      await sql`DROP FUNCTION refuse_unlucky()`.execute(t.db);
    }
  });

  it('stops and rolls back when the client goes away, and says so in the log', async () => {
    const name = unique('Slow Co');
    const { top, refs } = await customer(name);
    const before = await referringRows(refs);
    // Deleting the organisation rows takes a while, so the client can leave before the end.
    await sql
      .raw(
        `CREATE FUNCTION slow_delete() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF OLD.name LIKE '${name}%' THEN PERFORM pg_sleep(0.7); END IF; RETURN OLD; END $$`,
      )
      .execute(t.db);
    await sql`CREATE TRIGGER slow_delete BEFORE DELETE ON organisations FOR EACH ROW EXECUTE FUNCTION slow_delete()`.execute(
      t.db,
    );
    const info = vi.spyOn(t.app.log, 'info');
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const token = (await t.login('oem')).accessToken;
      // The first line arrives, then the client goes away.
      const first = await new Promise<string>((resolve, reject) => {
        const request = http.request(
          {
            port,
            host: '127.0.0.1',
            method: 'DELETE',
            path: `/api/organisations/${top}?confirm=${encodeURIComponent(name)}`,
            headers: { authorization: `Bearer ${token}` },
          },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', (chunk: Buffer) => {
              request.destroy();
              resolve(chunk.toString());
            });
          },
        );
        request.on('error', reject);
        request.end();
      });
      expect(JSON.parse(first.split('\n')[0]!).status).toBe('started');
      await vi.waitFor(
        () =>
          expect(info).toHaveBeenCalledWith(
            expect.objectContaining({ organisationId: top, whole: true }),
            'deletion cancelled by the client; rolled back, nothing deleted',
          ),
        { timeout: 10_000, interval: 100 },
      );
      expect(await referringRows(refs)).toEqual(before);
    } finally {
      info.mockRestore();
      await sql`DROP TRIGGER slow_delete ON organisations`.execute(t.db);
      await sql`DROP FUNCTION slow_delete()`.execute(t.db);
    }
  });
});
