import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot, unique } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { parseCredential } from './device-credentials.js';
import { DeviceRepository } from './devices.repository.js';

let t: TestApp;
let demo: number;
let polder: number;
let seed: ReturnType<typeof fleetSeed>;
let repository: DeviceRepository;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  seed = fleetSeed(t);
  repository = new DeviceRepository(t.db);
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const storedHash = async (id: number) =>
  (
    await t.db
      .selectFrom('devices')
      .select('credential_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).credential_hash;

describe('devices: create with a credential shown once', () => {
  it('answers the device and dev_<id>_<secret>; stores only its sha-256', async () => {
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/devices`,
      payload: { name: ' Dashcam front ', identifier: ' FW-0001 ' },
    });
    expect(response.statusCode).toBe(201);
    const device = response.json();
    expect(device).toEqual({
      id: expect.any(Number),
      organisationId: demo,
      name: 'Dashcam front',
      identifier: 'FW-0001',
      lastSeen: null,
      online: false,
      synchronised: null,
      deactivatedAt: null,
      credential: expect.stringMatching(/^dev_\d+_[A-Za-z0-9_-]{43}$/),
    });
    expect(device.credential.startsWith(`dev_${device.id}_`)).toBe(true);
    expect(await storedHash(device.id)).toBe(sha256(device.credential));

    const { credential: _, ...withoutCredential } = device;
    const read = await t.as('manager', { method: 'GET', url: `/api/devices/${device.id}` });
    expect(read.json()).toEqual(withoutCredential);
    const list = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/devices`,
    });
    // a list row also says where the device is fitted and how its settings stand
    expect(list.json()).toContainEqual({
      ...withoutCredential,
      assetId: null,
      assetName: null,
      configuration: null,
    });
    expect(list.body).not.toContain('credential');
  });

  it("answers each device's credential hash, the new one after a re-issue", async () => {
    const device = await seed.device(demo);
    const other = await seed.device(demo);
    const first = parseCredential(device.credential)!;
    expect(first.deviceId).toBe(device.id);
    const hashes = () => repository.credentialHashes([device.id, other.id, 2_000_000_000]);
    // A device that does not exist is not in the answer.
    expect(await hashes()).toEqual(
      new Map([
        [device.id, first.hash],
        [other.id, parseCredential(other.credential)!.hash],
      ]),
    );

    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/devices/${device.id}/credential`,
    });
    expect(response.statusCode).toBe(200);
    const { credential } = response.json();
    expect(credential).toMatch(new RegExp(`^dev_${device.id}_[A-Za-z0-9_-]{43}$`));
    expect(credential).not.toBe(device.credential);

    const second = parseCredential(credential)!;
    expect((await hashes()).get(device.id)).toBe(second.hash);
    expect(second.hash).not.toBe(first.hash);
  });

  it('re-issues only for a caller who may change the device', async () => {
    const device = await seed.device(demo);
    const hash = await storedHash(device.id);
    for (const [user, status] of [
      ['driver', 403],
      ['manager', 200],
    ] as const) {
      const response = await t.as(user, {
        method: 'POST',
        url: `/api/devices/${device.id}/credential`,
      });
      expect(response.statusCode).toBe(status);
    }
    const other = await seed.device(polder);
    const refused = await t.as('manager', {
      method: 'POST',
      url: `/api/devices/${other.id}/credential`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('dev_');
    expect(await storedHash(device.id)).not.toBe(hash);
    expect(
      (await t.as('oem', { method: 'POST', url: '/api/devices/999999/credential' })).statusCode,
    ).toBe(404);
  });
});

describe('devices: the identifier is unique across the platform', () => {
  it('refuses a second device with the same identifier, in any organisation, with 409', async () => {
    const identifier = unique('SN-DUP');
    await seed.device(demo, identifier);
    const before = await fleetSnapshot(t);
    const response = await t.as('reseller', {
      method: 'POST',
      url: `/api/organisations/${polder}/devices`,
      payload: { name: 'Other', identifier: ` ${identifier} ` },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: `The identifier '${identifier}' is not available; choose another`,
    });
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it("does not describe another organisation's device that holds the identifier", async () => {
    const identifier = unique('SN-ELSEWHERE');
    await seed.device(polder, identifier);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/devices`,
      payload: { name: 'Mine', identifier },
    });
    expect(response.statusCode).toBe(409);
    // neither whose it is nor that a device of that identifier exists somewhere
    expect(response.body).not.toMatch(/exists|Polder|device/i);
  });

  it("answers a clash with another organisation's device in the same words as one's own", async () => {
    const mine = unique('SN-MINE');
    const theirs = unique('SN-THEIRS');
    await seed.device(demo, mine);
    await seed.device(polder, theirs);
    const create = (identifier: string) =>
      t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/devices`,
        payload: { name: 'Probe', identifier },
      });
    const own = await create(mine);
    const foreign = await create(theirs);
    expect([own.statusCode, foreign.statusCode]).toEqual([409, 409]);
    // the same answer, the identifier sent aside: no name, organisation or device id
    expect(foreign.body.replace(theirs, 'X')).toBe(own.body.replace(mine, 'X'));
    expect(Object.keys(foreign.headers).sort()).toEqual(Object.keys(own.headers).sort());
  });

  it('refuses to change an identifier into a taken one, and keeps the device as it was', async () => {
    const taken = await seed.device(demo);
    const device = await seed.device(demo);
    const response = await t.as('manager', {
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      payload: { name: 'Renamed', identifier: taken.identifier },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain(taken.identifier);
    const read = await t.as('manager', { method: 'GET', url: `/api/devices/${device.id}` });
    expect(read.json()).toMatchObject({ name: 'Camera', identifier: device.identifier });

    const renamed = await t.as('manager', {
      method: 'PUT',
      url: `/api/devices/${device.id}`,
      payload: { name: 'Renamed', identifier: device.identifier },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      id: device.id,
      organisationId: demo,
      name: 'Renamed',
      identifier: device.identifier,
      lastSeen: null,
      online: false,
      synchronised: null,
      deactivatedAt: null,
    });
  });

  it('deletes a device with its ended links; refuses while it is fitted (409)', async () => {
    const device = await seed.device(demo);
    const asset = await seed.asset(demo);
    await seed.deviceLink(asset.id, device.id, '2026-01-01T00:00:00Z');
    const held = await t.as('manager', { method: 'DELETE', url: `/api/devices/${device.id}` });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      `Device 'Camera' (${device.identifier}) is still linked to asset '${asset.name}'; end that link first`,
    );
    await t.as('oem', { method: 'DELETE', url: `/api/assets/${asset.id}/devices/${device.id}` });
    expect(
      (await t.as('manager', { method: 'DELETE', url: `/api/devices/${device.id}` })).statusCode,
    ).toBe(204);
    const links = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${asset.id}/devicelinks`,
    });
    expect(links.json()).toEqual([]);
  });

  it.each([
    [{ name: 'Cam' }, 'identifier is required'],
    [{ name: 'Cam', identifier: '' }, 'identifier must not be empty'],
    [{ name: 'Cam', identifier: '   ' }, 'identifier'],
    [{ name: 'Cam', identifier: 123 }, 'identifier'],
    [{ name: 'Cam', identifier: 'x'.repeat(101) }, 'identifier must have at most 100 characters'],
    [{ name: 'Cam', identifier: 'SN-1', credential: 'dev_1_x' }, "unknown field 'credential'"],
  ])('refuses %j with 400', async (payload, message) => {
    const before = await fleetSnapshot(t);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/devices`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(message),
    });
    expect(await fleetSnapshot(t)).toEqual(before);
  });
});

describe('devices: probing for identifiers is bounded', () => {
  let limited: TestApp;
  let demoId: number;
  let polderId: number;
  beforeAll(async () => {
    limited = await createTestApp({ IDENTIFIER_CLASHES_PER_HOUR: '3' });
    demoId = await limited.organisationId('Demo Transport');
    polderId = await limited.organisationId('Polder Logistics');
  });
  afterAll(() => limited.close());

  it('gives one user 3 refusals an hour, even 30 at once, then 429; others are not affected', async () => {
    const held = Array.from({ length: 30 }, () => unique('SN-HELD'));
    for (const identifier of held) await fleetSeed(limited).device(polderId, identifier);
    const probe = (identifier: string, user = 'manager') =>
      limited.as(user, {
        method: 'POST',
        url: `/api/organisations/${demoId}/devices`,
        payload: { name: 'Probe', identifier },
      });
    // a free identifier is no refusal
    expect((await probe(unique('SN-FREE'))).statusCode).toBe(201);
    const statuses = (await Promise.all(held.map((identifier) => probe(identifier)))).map(
      (r) => r.statusCode,
    );
    // today: 30 × 409, each saying whether another organisation has that identifier
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(27);
    const after = await probe(unique('SN-FREE'));
    expect(after.statusCode).toBe(429);
    expect(after.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(after.headers['retry-after'])).toBeGreaterThan(0);
    // changing an identifier counts the same
    const own = (await fleetSeed(limited).device(demoId)).id;
    const change = await limited.as('manager', {
      method: 'PUT',
      url: `/api/devices/${own}`,
      payload: { identifier: held[0] },
    });
    expect(change.statusCode).toBe(429);
    // another user of the organisation is not held off
    expect((await probe(unique('SN-FREE'), 'integrator')).statusCode).toBe(201);
  }, 60_000);
});
