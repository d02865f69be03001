import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, unique } from '../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { toSyncMarks } from './sync-marks.js';

const at = new Date('2026-11-24T10:00:00Z');

describe('toSyncMarks', () => {
  it.each([
    {
      case: 'made here',
      row: { external_id: null, deactivated_at: null, sync_server: 'http://remote' },
      marks: { synchronised: null, deactivatedAt: null },
    },
    {
      case: 'an active copy names the remote',
      row: { external_id: '17', deactivated_at: null, sync_server: 'http://remote' },
      marks: { synchronised: { externalId: '17', remote: 'http://remote' }, deactivatedAt: null },
    },
    {
      case: 'an active copy whose configuration is gone',
      row: { external_id: '17', deactivated_at: null, sync_server: null },
      marks: { synchronised: { externalId: '17', remote: null }, deactivatedAt: null },
    },
    {
      case: 'a deactivated copy is local again',
      row: { external_id: '17', deactivated_at: at, sync_server: 'http://remote' },
      marks: { synchronised: null, deactivatedAt: '2026-11-24T10:00:00.000Z' },
    },
  ])('$case', ({ row, marks }) => {
    expect(toSyncMarks(row)).toEqual(marks);
  });
});

describe('synchronisation marks in the answers', () => {
  let t: TestApp;
  let org: number;
  const ids = { synced: 0, local: 0, gone: 0, driver: 0, device: 0, deviceLink: 0 };
  const remote = 'http://remote.example:3001';

  beforeAll(async () => {
    t = await createTestApp();
    const seed = fleetSeed(t);
    const demo = await t.organisationId('Demo Transport');
    org = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: unique('Mirror BV') },
      })
    ).json<{ id: number }>().id;
    ids.synced = (await seed.asset(org, 'Synced truck')).id;
    ids.local = (await seed.asset(org, 'Local truck')).id;
    ids.gone = (await seed.asset(org, 'Gone truck')).id;
    ids.driver = (await seed.driver(org)).id;
    ids.device = (await seed.device(org)).id;
    ids.deviceLink = (await seed.deviceLink(ids.synced, ids.device)).id;
    // What a run leaves behind: copies by the remote's ids, one no longer listed.
    await sql`
      INSERT INTO sync_configurations (organisation_id, server, selection, interval_minutes)
      VALUES (${org}, ${remote}, '{}', 60)`.execute(t.db);
    for (const [table, id, externalId] of [
      ['assets', ids.synced, 'A1'],
      ['assets', ids.gone, 'A2'],
      ['drivers', ids.driver, 'R1'],
      ['devices', ids.device, 'D1'],
      ['device_links', ids.deviceLink, 'L1'],
    ] as const) {
      await sql`UPDATE ${sql.table(table)} SET external_organisation_id = '9', external_id = ${externalId}
        WHERE id = ${id}`.execute(t.db);
    }
    await sql`UPDATE assets SET deactivated_at = '2026-11-24T10:00:00Z' WHERE id = ${ids.gone}`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.as('oem', { method: 'GET', url: `/api/${url}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const copy = (externalId: string) => ({
    synchronised: { externalId, remote },
    deactivatedAt: null,
  });
  const local = { synchronised: null, deactivatedAt: null };

  it('GET {resource}/{id} says which records are copies and from where', async () => {
    expect(await get(`assets/${ids.synced}`)).toMatchObject(copy('A1'));
    expect(await get(`assets/${ids.local}`)).toMatchObject(local);
    expect(await get(`assets/${ids.gone}`)).toMatchObject({
      synchronised: null,
      deactivatedAt: '2026-11-24T10:00:00.000Z',
    });
    expect(await get(`drivers/${ids.driver}`)).toMatchObject(copy('R1'));
    expect(await get(`devices/${ids.device}`)).toMatchObject(copy('D1'));
  });

  it('the management lists carry the marks on every row', async () => {
    const assets = await get(`organisations/${org}/assets?limit=10`);
    expect(
      assets.map((a: Record<string, unknown>) => [a.name, a.synchronised, a.deactivatedAt]),
    ).toEqual([
      ['Gone truck', null, '2026-11-24T10:00:00.000Z'],
      ['Local truck', null, null],
      ['Synced truck', { externalId: 'A1', remote }, null],
    ]);
    expect((await get(`organisations/${org}/drivers?limit=10`))[0]).toMatchObject(copy('R1'));
    expect((await get(`organisations/${org}/devices?limit=10`))[0]).toMatchObject(copy('D1'));
  });

  it("links say so too, named by the asset's organisation's remote", async () => {
    const links = await get(`assets/${ids.synced}/devicelinks`);
    expect(links).toEqual([expect.objectContaining({ id: ids.deviceLink, ...copy('L1') })]);
  });

  it('a copy whose configuration is gone is still read-only, with no remote named', async () => {
    await sql`DELETE FROM sync_configurations WHERE organisation_id = ${org}`.execute(t.db);
    expect(await get(`assets/${ids.synced}`)).toMatchObject({
      synchronised: { externalId: 'A1', remote: null },
    });
    const changed = await t.as('oem', {
      method: 'PUT',
      url: `/api/assets/${ids.synced}`,
      payload: { name: 'Renamed' },
    });
    expect(changed.statusCode).toBe(409);
  });
});
