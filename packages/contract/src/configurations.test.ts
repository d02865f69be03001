import { describe, expect, it } from 'vitest';
import { checkSettingValue, type SettingRule } from './configurations.js';

const integer: SettingRule = { type: 'integer', min: 1, max: 3600 };
const decimal: SettingRule = { type: 'decimal', min: 0.1, max: 1000 };
const boolean: SettingRule = { type: 'boolean' };
const videoMode: SettingRule = { type: 'enum', options: ['AUTO', 'PAL', 'NTSC'] };

describe('checkSettingValue', () => {
  it.each<[string, SettingRule, string, string]>([
    ['integer', integer, '1', '1'],
    ['integer', integer, '3600', '3600'],
    ['integer with spaces and zeros', integer, ' 0030 ', '30'],
    ['integer with a plus', integer, '+5', '5'],
    ['integer without bounds', { type: 'integer' }, '-7', '-7'],
    ['decimal', decimal, '2.5', '2.5'],
    ['decimal at the lower bound', decimal, '0.1', '0.1'],
    ['decimal with trailing zeros', decimal, '1.50', '1.5'],
    ['decimal without leading zero', decimal, '.5', '0.5'],
    ['decimal given as a whole number', decimal, '1000', '1000'],
    ['boolean true', boolean, 'true', 'true'],
    ['boolean false', boolean, ' false', 'false'],
    ['enum', videoMode, 'PAL', 'PAL'],
    ['camera mask', { type: 'cameraMask' }, '31', '31'],
    ['camera mask with zeros', { type: 'cameraMask' }, '007', '7'],
    ['alarm mask', { type: 'alarmMask' }, '575', '575'],
    ['event mask of 60 bits', { type: 'eventMask' }, '1152921504606846975', '1152921504606846975'],
  ])('accepts %s: %j → %j', (_name, rule, value, canonical) => {
    expect(checkSettingValue(rule, value)).toEqual({ ok: true, value: canonical });
  });

  it.each<[string, SettingRule, string, string]>([
    ['integer below the minimum', integer, '0', 'must be a whole number from 1 to 3600'],
    ['integer above the maximum', integer, '3601', 'must be a whole number from 1 to 3600'],
    ['integer with a fraction', integer, '1.5', 'must be a whole number from 1 to 3600'],
    ['integer in exponent form', integer, '1e3', 'must be a whole number from 1 to 3600'],
    ['empty integer', integer, '', 'must be a whole number from 1 to 3600'],
    ['integer beyond 2^53', { type: 'integer' }, '9007199254740993', 'must be a whole number'],
    [
      'integer with only a minimum',
      { type: 'integer', min: 0 },
      '-1',
      'must be a whole number of at least 0',
    ],
    ['decimal below the minimum', decimal, '0.05', 'must be a number from 0.1 to 1000'],
    ['decimal that is text', decimal, 'abc', 'must be a number from 0.1 to 1000'],
    ['decimal with a comma', decimal, '1,5', 'must be a number from 0.1 to 1000'],
    ['decimal Infinity', decimal, 'Infinity', 'must be a number from 0.1 to 1000'],
    ['decimal NaN', { type: 'decimal' }, 'NaN', 'must be a number'],
    ['decimal in hex', decimal, '0x10', 'must be a number from 0.1 to 1000'],
    ['boolean yes', boolean, 'yes', 'must be true or false'],
    ['boolean in capitals', boolean, 'TRUE', 'must be true or false'],
    ['boolean 1', boolean, '1', 'must be true or false'],
    ['enum in other case', videoMode, 'pal', 'must be one of AUTO, PAL, NTSC'],
    [
      'camera mask of 6 bits',
      { type: 'cameraMask' },
      '32',
      'must be a camera mask: a whole number from 0 to 31',
    ],
    [
      'negative camera mask',
      { type: 'cameraMask' },
      '-1',
      'must be a camera mask: a whole number from 0 to 31',
    ],
    [
      'alarm mask of 11 bits',
      { type: 'alarmMask' },
      '1024',
      'must be an alarm mask: a whole number from 0 to 1023',
    ],
    [
      'event mask of 61 bits',
      { type: 'eventMask' },
      '1152921504606846976',
      'must be an event mask: a whole number from 0 to 1152921504606846975',
    ],
  ])('refuses %s: %j', (_name, rule, value, message) => {
    expect(checkSettingValue(rule, value)).toEqual({ ok: false, rule: message });
  });
});
