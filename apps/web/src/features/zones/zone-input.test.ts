import type { ZoneVisit } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { byEnteredDesc, zoneFieldErrors, zoneInput, type ZoneFields } from './zone-input';

const fields: ZoneFields = { name: ' Depot ', colour: '#ff8800', speedLimit: '', groupId: '' };
const circle = { type: 'circle' as const, center: [5, 52] as [number, number], radius: 300 };

describe('the zone form', () => {
  it.each([
    ['a name and no speed limit', fields, { name: false, speedLimit: false }],
    ['no name', { ...fields, name: '   ' }, { name: true, speedLimit: false }],
    ['a speed limit of 30', { ...fields, speedLimit: '30' }, { name: false, speedLimit: false }],
    ['a speed limit of 0', { ...fields, speedLimit: '0' }, { name: false, speedLimit: true }],
    ['a speed limit of 251', { ...fields, speedLimit: '251' }, { name: false, speedLimit: true }],
    ['a speed limit of 30.5', { ...fields, speedLimit: '30.5' }, { name: false, speedLimit: true }],
  ])('%s', (_, input, errors) => {
    expect(zoneFieldErrors(input)).toEqual(errors);
  });

  it('sends the name trimmed, empty choices as null, numbers as numbers', () => {
    expect(zoneInput(fields, circle)).toEqual({
      name: 'Depot',
      colour: '#ff8800',
      speedLimit: null,
      groupId: null,
      shape: circle,
    });
    expect(zoneInput({ ...fields, speedLimit: '30', groupId: '7' }, circle)).toMatchObject({
      speedLimit: 30,
      groupId: 7,
    });
  });
});

describe('the zone visits report', () => {
  const visit = (assetName: string, enteredAt: string) => ({ assetName, enteredAt }) as ZoneVisit;

  it('lists the latest visit first; visits entered at once by asset name', () => {
    const rows = [
      visit('B', '2026-11-26T08:00:00Z'),
      visit('C', '2026-11-26T09:00:00Z'),
      visit('A', '2026-11-26T08:00:00Z'),
    ].sort(byEnteredDesc);
    expect(rows.map((r) => r.assetName)).toEqual(['C', 'A', 'B']);
  });
});
