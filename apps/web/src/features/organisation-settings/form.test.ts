import type { OrganisationSettings } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../lib/typebox-resolver';
import {
  bodyOf,
  fieldOfMessage,
  formIssues,
  formOf,
  issueMessage,
  type SettingsForm,
} from './form';

const saved: OrganisationSettings = {
  id: 4,
  organisationId: 4,
  mediaRetentionDays: 90,
  rawRetentionDays: 730,
  controlRoomIdentifier: null,
  alarmWebhookUrl: 'https://hooks.example/alarm',
  alarmWebhookSecretSet: true,
  maxMonitoringMinutes: 60,
  defaultLanguage: 'en',
  saved: true,
};
const form = (change: Partial<SettingsForm> = {}): SettingsForm => ({
  ...formOf(saved),
  ...change,
});

describe('bodyOf', () => {
  it.each([
    ['nothing typed keeps the secret', {}, {}],
    [
      'a new secret is sent',
      { alarmWebhookSecret: 's'.repeat(16) },
      { alarmWebhookSecret: 's'.repeat(16) },
    ],
    [
      'clearing sends null',
      { clearSecret: true, alarmWebhookSecret: 'x' },
      { alarmWebhookSecret: null },
    ],
    [
      'a blank identifier is null',
      { controlRoomIdentifier: '  ' },
      { controlRoomIdentifier: null },
    ],
    ['a blank address is null', { alarmWebhookUrl: '' }, { alarmWebhookUrl: null }],
    ['numbers are numbers', { mediaRetentionDays: ' 30 ' }, { mediaRetentionDays: 30 }],
    ['raw retention is a number', { rawRetentionDays: '400' }, { rawRetentionDays: 400 }],
    ['a non-number stays text', { maxMonitoringMinutes: '1.5' }, { maxMonitoringMinutes: '1.5' }],
  ])('%s', (_, change, expected) => {
    const body = bodyOf(form(change));
    expect(body).toMatchObject(expected);
    if (!('alarmWebhookSecret' in expected)) expect(body).not.toHaveProperty('alarmWebhookSecret');
  });
});

describe('formIssues', () => {
  it.each([
    ['the saved values', {}, []],
    ['retention below 1', { mediaRetentionDays: '0' }, ['mediaRetentionDays:invalid']],
    ['retention blank', { mediaRetentionDays: '' }, ['mediaRetentionDays:required']],
    ['raw retention below 31', { rawRetentionDays: '30' }, ['rawRetentionDays:invalid']],
    ['raw retention blank', { rawRetentionDays: ' ' }, ['rawRetentionDays:required']],
    ['raw retention at 31', { rawRetentionDays: '31' }, []],
    ['monitoring above 480', { maxMonitoringMinutes: '481' }, ['maxMonitoringMinutes:invalid']],
    ['monitoring at 5', { maxMonitoringMinutes: '5' }, []],
    ['a short secret', { alarmWebhookSecret: 'short' }, ['alarmWebhookSecret:minLength']],
    ['a short secret being cleared', { alarmWebhookSecret: 'short', clearSecret: true }, []],
    ['an ftp address', { alarmWebhookUrl: 'ftp://x' }, ['alarmWebhookUrl:invalid']],
  ])('%s', (_, change, expected) => {
    expect(formIssues(form(change)).map((i) => `${i.field}:${i.rule}`)).toEqual(expected);
  });
});

describe('issueMessage', () => {
  it.each<[Issue, ReturnType<typeof issueMessage>]>([
    [{ field: 'mediaRetentionDays', rule: 'invalid' }, { range: { min: 1, max: 3650 } }],
    [{ field: 'maxMonitoringMinutes', rule: 'invalid' }, { range: { min: 5, max: 480 } }],
    [{ field: 'rawRetentionDays', rule: 'invalid' }, { range: { min: 31, max: 3650 } }],
    // a blank number is required, not out of range
    [
      { field: 'maxMonitoringMinutes', rule: 'required' },
      { rule: 'required', count: undefined },
    ],
    [
      { field: 'alarmWebhookSecret', rule: 'minLength', limit: 16 },
      { rule: 'minLength', count: 16 },
    ],
    [
      { field: 'alarmWebhookUrl', rule: 'invalid' },
      { rule: 'invalid', count: undefined },
    ],
  ])('%j → %j', (issue, message) => {
    expect(issueMessage(issue)).toEqual(message);
  });
});

describe('fieldOfMessage', () => {
  it.each([
    ['alarmWebhookUrl is not an address', 'alarmWebhookUrl'],
    ['mediaRetentionDays must be at most 3650', 'mediaRetentionDays'],
    // the first named field wins
    ['maxMonitoringMinutes and mediaRetentionDays are out of range', 'maxMonitoringMinutes'],
    // a longer word containing a field's name is not that field
    ['alarmWebhookUrlx is unknown', undefined],
    ['The settings could not be saved', undefined],
  ])('"%s" → %s', (message, field) => {
    expect(fieldOfMessage(message)).toBe(field);
  });
});
