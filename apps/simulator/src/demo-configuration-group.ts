import type { Session, Vehicle } from './device-session.js';

/**
 * The demo's configuration group (issue 19 §7): without one a new user never sees the
 * configuration-group settings page unless they make a group first. Demo Transport's first
 * distribution trucks (tractors: no tipper or crane) share a few stricter settings; their units
 * take them over the device channel when the fleet drives live, so the page shows them applied.
 */
export const DEMO_CONFIGURATION_GROUP = {
  organisation: 'Demo Transport',
  name: 'Distribution trucks',
  trucks: 6,
  /** service, parameter, value: each differs from its default (definitions.ts). */
  settings: [
    // Through towns and on regional roads: over-speed from 85 km/h instead of 90.
    ['drivingstyle', 'overSpeed', '85'],
    // Engines off at deliveries: idling counts after 60 s instead of 120 s.
    ['drivingstyle', 'idleTime', '60'],
    // The cab display warns below a score of 70 instead of 60.
    ['camera', 'warningLevel', '70'],
  ],
} as const;

/** Which of the fleet's vehicles the group holds. */
export function distributionTrucks(vehicles: Vehicle[]): Vehicle[] {
  return vehicles
    .filter(
      (v) =>
        v.fleet.organisation === DEMO_CONFIGURATION_GROUP.organisation &&
        !v.spec.profile.truck.hasPto,
    )
    .slice(0, DEMO_CONFIGURATION_GROUP.trucks);
}

/**
 * Makes the group with its settings and trucks, once: a group of that name already there (a
 * seeding that resumes) is left as it is.
 */
export async function seedConfigurationGroup(session: Session, vehicles: Vehicle[]): Promise<void> {
  const { api } = session;
  const { organisation, name, settings } = DEMO_CONFIGURATION_GROUP;
  const organisationId = session.organisation(organisation).id;
  const existing = await api.configurationGroups(organisationId, name);
  if (existing.some((group) => group.name === name)) return;
  const definitions = await api.deviceConfigurations();
  const idOf = (service: string, parameter: string) => {
    const definition = definitions.find((d) => d.service === service && d.parameter === parameter);
    if (!definition) throw new Error(`The server has no setting ${service}.${parameter}`);
    return definition.id;
  };
  const group = await api.createConfigurationGroup(organisationId, name);
  await api.saveGroupSettings(
    group.id,
    settings.map(([service, parameter, value]) => ({
      deviceConfigurationId: idOf(service, parameter),
      value,
    })),
  );
  const trucks = distributionTrucks(vehicles);
  for (const truck of trucks) await api.addToConfigurationGroup(group.id, truck.state.assetId);
  session.options.log(
    `Configuration group ${name}: ${trucks.map((t) => t.spec.asset.name).join(', ')}.`,
  );
}
