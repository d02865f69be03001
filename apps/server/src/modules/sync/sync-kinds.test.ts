import { describe, expect, it } from 'vitest';
import { fromExport, sameFields } from './sync-kinds.js';

const stamp = '7';
describe('fromExport', () => {
  it.each([
    [
      'an asset: trimmed, an empty plate is none',
      fromExport.ASSET({ externalId: '1', stamp, name: ' 101 DAF ', licencePlate: ' ' }),
      { fields: { name: '101 DAF', licencePlate: null } },
    ],
    [
      'an asset of spaces has no name',
      fromExport.ASSET({ externalId: '1', stamp, name: '   ', licencePlate: null }),
      { problem: 'it has no name' },
    ],
    [
      'a driver with a last name only',
      fromExport.DRIVER({ externalId: '2', stamp, firstName: '', lastName: 'Bakker', phone: null }),
      { fields: { firstName: '', lastName: 'Bakker', phone: null } },
    ],
    [
      'a driver without any name',
      fromExport.DRIVER({ externalId: '2', stamp, firstName: ' ', lastName: '', phone: '06' }),
      { problem: 'it has no name' },
    ],
    [
      'a device without an identifier',
      fromExport.DEVICE({ externalId: '3', stamp, name: 'Cam', identifier: ' ' }),
      { problem: 'it has no identifier' },
    ],
    [
      'a device link, times as milliseconds',
      fromExport.DEVICE_LINK({
        externalId: '4',
        stamp,
        assetExternalId: '1',
        deviceExternalId: '3',
        from: '2026-11-01T00:00:00+01:00',
        until: null,
      }),
      {
        fields: {
          assetExternalId: '1',
          targetExternalId: '3',
          from: Date.parse('2026-10-31T23:00:00Z'),
          until: null,
        },
      },
    ],
    [
      'a driver link that ends before it starts',
      fromExport.DRIVER_LINK({
        externalId: '5',
        stamp,
        assetExternalId: '1',
        driverExternalId: '2',
        from: '2026-11-02T00:00:00Z',
        until: '2026-11-02T00:00:00Z',
      }),
      { problem: 'it ends before it starts' },
    ],
  ])('%s', (_, converted, expected) => {
    expect(converted).toEqual(expected);
  });
});

describe('sameFields', () => {
  it.each([
    [{ a: 'x', b: null }, { a: 'x', b: null }, true],
    [{ a: 'x', b: null }, { a: 'x', b: 'y' }, false],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [{ from: 10, until: null }, { from: 10, until: null }, true],
  ])('%j vs %j: %s', (a, b, expected) => {
    expect(sameFields(a as object, b as object)).toBe(expected);
  });
});
