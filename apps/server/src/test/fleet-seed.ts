import type {
  Asset,
  ConfigurationGroup,
  DeviceWithCredential,
  DeviceLink,
  Driver,
  DriverLink,
  Group,
} from '@fleet/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

let counter = 0;
/** A name no other test in the file has used. */
export const unique = (prefix: string) => `${prefix} ${++counter}`;

/** Seeds fleet records through the API itself, as the OEM user (who may act everywhere). */
export function fleetSeed(t: TestApp, user = 'oem') {
  const call = async <T>(options: InjectOptions, status: number): Promise<T> => {
    const response = await t.as(user, options);
    if (response.statusCode !== status) {
      throw new Error(`${options.method} ${options.url}: ${response.statusCode} ${response.body}`);
    }
    return response.json<T>();
  };
  const create = <T>(organisationId: number, resource: string, payload: object) =>
    call<T>(
      { method: 'POST', url: `/api/organisations/${organisationId}/${resource}`, payload },
      201,
    );
  return {
    asset: (organisationId: number, name = unique('Truck')) =>
      create<Asset>(organisationId, 'assets', { name }),
    driver: (organisationId: number, lastName = unique('Driver')) =>
      create<Driver>(organisationId, 'drivers', { firstName: 'Sam', lastName }),
    device: (organisationId: number, identifier = unique('SN')) =>
      create<DeviceWithCredential>(organisationId, 'devices', { name: 'Camera', identifier }),
    group: (organisationId: number, name = unique('Group')) =>
      create<Group>(organisationId, 'groups', { name }),
    configurationGroup: (organisationId: number, name = unique('Configuration')) =>
      create<ConfigurationGroup>(organisationId, 'configurationgroups', { name }),
    deviceLink: (assetId: number, deviceId: number, from?: string) =>
      call<DeviceLink>(
        {
          method: 'PUT',
          url: `/api/assets/${assetId}/devices/${deviceId}`,
          query: from ? { from } : {},
        },
        201,
      ),
    driverLink: (assetId: number, driverId: number, from?: string) =>
      call<DriverLink>(
        {
          method: 'PUT',
          url: `/api/assets/${assetId}/drivers/${driverId}`,
          query: from ? { from } : {},
        },
        201,
      ),
    /**
     * The device applies the settings it was sent (a CONFIGURATION command follows every
     * device link), as a real unit does, so a test's next poll sees only what it asked for.
     */
    applySettings: async (credential: string) => {
      const headers = { authorization: `Bearer ${credential}` };
      const polled = await t.app.inject({ method: 'GET', url: '/device-api/v1/commands', headers });
      const { commands } = polled.json<{ commands: { id: number; kind: string }[] }>();
      for (const command of commands.filter((c) => c.kind === 'CONFIGURATION')) {
        const result = await t.app.inject({
          method: 'POST',
          url: `/device-api/v1/commands/${command.id}/result`,
          headers,
          payload: { status: 'DONE' },
        });
        if (result.statusCode !== 204) throw new Error(`settings result: ${result.body}`);
      }
    },
  };
}

const FLEET_TABLES = [
  'assets',
  'drivers',
  'devices',
  'groups',
  'group_assets',
  'group_drivers',
  'configuration_groups',
  'device_links',
  'driver_links',
] as const;

/** Every row of every fleet table: equal snapshots before and after a refused request show it wrote nothing. */
export async function fleetSnapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of FLEET_TABLES) {
    const { rows } = await sql<{ row: unknown }>`
      SELECT to_jsonb(x) AS row FROM ${sql.table(table)} x ORDER BY 1`.execute(t.db);
    snapshot[table] = rows.map((r) => r.row);
  }
  return snapshot;
}
