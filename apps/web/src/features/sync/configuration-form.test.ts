import { DEFAULT_SYNC_SELECTION, type SyncConfiguration } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  fieldOfServerError,
  formIssues,
  formOf,
  issueText,
  selectionIssue,
  type ConfigurationForm,
  type FormIssue,
  type IssueText,
} from './configuration-form';

const saved: SyncConfiguration = {
  id: 3,
  organisationId: 12,
  server: 'http://remote.example:3001',
  apiKeySet: true,
  externalIds: ['2'],
  synchronise: { ...DEFAULT_SYNC_SELECTION, driverLinks: false },
  intervalMinutes: 30,
  enabled: false,
  nextRunAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};
const change = (edit: Partial<ConfigurationForm> = {}): ConfigurationForm => ({
  ...formOf(saved),
  ...edit,
});
const fresh = (edit: Partial<ConfigurationForm> = {}): ConfigurationForm => ({
  ...formOf(null),
  server: 'https://fleet.example',
  apiKey: 'fwk_2_secret',
  ...edit,
});
const KEY = 'fwk_9_0123456789abcdef';

describe('formOf', () => {
  it('starts a new configuration with every kind, an hour and enabled', () => {
    expect(formOf(null)).toEqual({
      server: '',
      apiKey: '',
      removeKey: false,
      synchronise: DEFAULT_SYNC_SELECTION,
      intervalMinutes: '60',
      enabled: true,
    });
  });
  it('shows a saved one as it is, the key never', () => {
    expect(formOf(saved)).toMatchObject({
      server: 'http://remote.example:3001',
      apiKey: '',
      intervalMinutes: '30',
      enabled: false,
      synchronise: { driverLinks: false, assets: true },
    });
  });
});

describe('bodyOf', () => {
  it.each([
    ['a change with no key typed keeps the key', change(), false, { apiKey: undefined }],
    ['a new key replaces it', change({ apiKey: KEY }), false, { apiKey: KEY }],
    [
      'remove sends null, whatever was typed',
      change({ removeKey: true, apiKey: KEY }),
      false,
      {
        apiKey: null,
      },
    ],
    ['creating sends the key as typed', fresh({ apiKey: '' }), true, { apiKey: '' }],
    [
      'the address is trimmed',
      fresh({ server: ' https://a.example/x ' }),
      true,
      {
        server: 'https://a.example/x',
      },
    ],
    [
      'the interval is a number',
      change({ intervalMinutes: ' 90 ' }),
      false,
      {
        intervalMinutes: 90,
      },
    ],
    [
      'a non-number stays text',
      change({ intervalMinutes: '1.5' }),
      false,
      {
        intervalMinutes: '1.5',
      },
    ],
  ])('%s', (_, form, creating, expected) => {
    const body = bodyOf(form, creating);
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) expect(body).not.toHaveProperty(key);
      else expect(body[key]).toEqual(value);
    }
  });

  it('sends the whole selection and enabled', () => {
    expect(bodyOf(change(), false)).toEqual({
      server: 'http://remote.example:3001',
      synchronise: saved.synchronise,
      intervalMinutes: 30,
      enabled: false,
    });
  });
});

describe('selectionIssue', () => {
  const all = DEFAULT_SYNC_SELECTION;
  it.each([
    ['everything', all, undefined],
    [
      'nothing',
      { assets: false, drivers: false, devices: false, deviceLinks: false, driverLinks: false },
      undefined,
    ],
    [
      'assets alone',
      { ...all, drivers: false, devices: false, deviceLinks: false, driverLinks: false },
      undefined,
    ],
    ['device links without devices', { ...all, devices: false }, 'deviceLinks'],
    ['device links without assets', { ...all, assets: false, driverLinks: false }, 'deviceLinks'],
    ['driver links without drivers', { ...all, drivers: false }, 'driverLinks'],
    ['both, without assets: device links first', { ...all, assets: false }, 'deviceLinks'],
  ])('%s', (_, selection, rule) => {
    expect(selectionIssue(selection)?.rule).toBe(rule);
  });
});

describe('formIssues', () => {
  const rules = (form: ConfigurationForm, creating: boolean) =>
    formIssues(form, creating).map((i) => `${i.field}:${i.rule}`);
  it.each([
    ['the saved values', change(), false, []],
    ['a new one filled in', fresh(), true, []],
    ['a new one without a key', fresh({ apiKey: '' }), true, ['apiKey:required']],
    ['a key too short', fresh({ apiKey: 'short' }), true, ['apiKey:minLength']],
    ['a key with a space', change({ apiKey: 'fwk 2 secret' }), false, ['apiKey:invalid']],
    ['a short key being removed', change({ apiKey: 'short', removeKey: true }), false, []],
    ['no address', fresh({ server: '' }), true, ['server:required']],
    ['an ftp address', fresh({ server: 'ftp://remote.example' }), true, ['server:invalid']],
    [
      'an address with a query',
      change({ server: 'http://a.example/?x=1' }),
      false,
      ['server:invalid'],
    ],
    ['an address with a path', change({ server: 'http://a.example/fleet' }), false, []],
    ['interval blank', change({ intervalMinutes: ' ' }), false, ['intervalMinutes:required']],
    ['interval below 5', change({ intervalMinutes: '4' }), false, ['intervalMinutes:invalid']],
    ['interval at 7 days', change({ intervalMinutes: '10080' }), false, []],
    [
      'interval above 7 days',
      change({ intervalMinutes: '10081' }),
      false,
      ['intervalMinutes:invalid'],
    ],
    [
      'device links without devices',
      change({
        synchronise: { ...DEFAULT_SYNC_SELECTION, devices: false },
      }),
      false,
      ['synchronise:deviceLinks'],
    ],
    [
      'several, in the form order',
      fresh({
        server: 'x',
        apiKey: '',
        intervalMinutes: '0',
        synchronise: { ...DEFAULT_SYNC_SELECTION, drivers: false },
      }),
      true,
      ['server:invalid', 'apiKey:required', 'synchronise:driverLinks', 'intervalMinutes:invalid'],
    ],
  ])('%s', (_, form, creating, expected) => {
    expect(rules(form, creating)).toEqual(expected);
  });
});

describe('fieldOfServerError', () => {
  it.each([
    ['server must be an http or https address', 'server'],
    ['server may not carry a query or a fragment', 'server'],
    ['intervalMinutes must be <= 10080', 'intervalMinutes'],
    ['apiKey must have at least 8 characters', 'apiKey'],
    ['synchronise.deviceLinks must be boolean', 'synchronise'],
    ['device links can only be synchronised together with assets and devices', 'synchronise'],
    ['driver links can only be synchronised together with assets and drivers', 'synchronise'],
    ['Synchronisation configuration 4 does not exist', undefined],
    ['the servers are busy', undefined],
  ])('%s', (message, field) => {
    expect(fieldOfServerError(message)).toBe(field);
  });
});

describe('issueText', () => {
  it.each<[string, FormIssue, IssueText]>([
    [
      'device links without their kinds',
      { field: 'synchronise', rule: 'deviceLinks' },
      { text: 'selection', rule: 'deviceLinks' },
    ],
    [
      'driver links without their kinds',
      { field: 'synchronise', rule: 'driverLinks' },
      { text: 'selection', rule: 'driverLinks' },
    ],
    [
      'an interval out of range names the range',
      { field: 'intervalMinutes', rule: 'invalid' },
      { text: 'interval', range: { min: 5, max: 10_080 } },
    ],
    [
      'a blank interval is required, not out of range',
      { field: 'intervalMinutes', rule: 'required' },
      { text: 'rule', rule: 'required', count: undefined },
    ],
    ['an address that is not one', { field: 'server', rule: 'invalid' }, { text: 'serverInvalid' }],
    [
      'a short key with its limit',
      { field: 'apiKey', rule: 'minLength', limit: 8 },
      { text: 'rule', rule: 'minLength', count: 8 },
    ],
    [
      'a long address with its limit',
      { field: 'server', rule: 'maxLength', limit: 2048 },
      { text: 'rule', rule: 'maxLength', count: 2048 },
    ],
  ])('%s', (_, issue, expected) => {
    expect(issueText(issue)).toEqual(expected);
  });
});
