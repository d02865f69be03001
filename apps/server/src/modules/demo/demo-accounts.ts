import type { Role } from '@fleet/contract';

export const DEMO_PASSWORD = 'demo-pass';

/** The demo organisation tree, parents before children. */
export const DEMO_ORGANISATIONS: { name: string; parent: string | null }[] = [
  { name: 'Fleetwise OEM', parent: null },
  { name: 'Northline Reseller', parent: 'Fleetwise OEM' },
  { name: 'Demo Transport', parent: 'Northline Reseller' },
  { name: 'Polder Logistics', parent: 'Northline Reseller' },
];

export const DEMO_ACCOUNTS: { organisation: string; username: string; name: string; role: Role }[] =
  [
    { organisation: 'Fleetwise OEM', username: 'oem', name: 'Olivia Evers', role: 'OEM' },
    {
      organisation: 'Northline Reseller',
      username: 'reseller',
      name: 'Ruben Smit',
      role: 'RESELLER',
    },
    { organisation: 'Demo Transport', username: 'manager', name: 'Marit de Vries', role: 'USER' },
    {
      organisation: 'Demo Transport',
      username: 'integrator',
      name: 'Ivo Jansen',
      role: 'INTEGRATOR',
    },
    { organisation: 'Demo Transport', username: 'driver', name: 'Daan Bakker', role: 'DRIVER' },
  ];
