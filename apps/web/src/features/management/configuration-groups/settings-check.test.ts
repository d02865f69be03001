import type { DeviceConfiguration } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { changesBody, settingsCheck, type Setting } from './settings-check';

const definition = (
  id: number,
  category: DeviceConfiguration['category'],
): DeviceConfiguration => ({
  id,
  service: 'unit',
  parameter: `p${id}`,
  category,
  description: '',
  defaultValue: '0',
  type: 'integer',
  min: 0,
  max: 10,
});
const setting = (id: number, value: string, category = definition(id, 'Weights').category) => ({
  deviceConfigurationId: id,
  value,
  deviceConfiguration: definition(id, category),
});
const SETTINGS: Setting[] = [setting(1, '5'), setting(2, '5'), setting(3, '5', 'Camera')];
/** A value is allowed when it is a number 0 … 10. */
const problemOf = (_: DeviceConfiguration, value: string) =>
  /^\d+$/.test(value.trim()) && Number(value) <= 10 ? undefined : 'not allowed';

describe('settingsCheck', () => {
  it.each([
    ['nothing typed', {}, [1, 2, 3], [1, 2, 3], { Weights: 2, Camera: 1 }],
    ['the values as saved', { 1: '5', 2: '5', 3: '5' }, [], [], { Weights: 0, Camera: 0 }],
    ['one changed, allowed', { 1: '7', 2: '5', 3: '5' }, [], [1], { Weights: 0, Camera: 0 }],
    ['one changed, not allowed', { 1: '5', 2: '5', 3: '11' }, [3], [3], { Weights: 0, Camera: 1 }],
    ['spaces around a value', { 1: ' 5 ', 2: '5', 3: '5' }, [], [1], { Weights: 0, Camera: 0 }],
  ] as const)('%s', (_, values, problems, changed, perCategory) => {
    const check = settingsCheck(SETTINGS, values, problemOf);
    expect([...check.problems.keys()]).toEqual(problems);
    expect(check.changed.map((s) => s.deviceConfigurationId)).toEqual(changed);
    expect(check.problemsIn('Weights')).toBe(perCategory.Weights);
    expect(check.problemsIn('Camera')).toBe(perCategory.Camera);
  });
});

describe('changesBody', () => {
  it.each([
    ['none changed', [], {}, []],
    [
      'values trimmed',
      [SETTINGS[0]!, SETTINGS[2]!],
      { 1: ' 7 ', 3: '2' },
      [
        { deviceConfigurationId: 1, value: '7' },
        { deviceConfigurationId: 3, value: '2' },
      ],
    ],
  ] as const)('%s', (_, changed, values, body) => {
    expect(changesBody([...changed], values)).toEqual(body);
  });
});
