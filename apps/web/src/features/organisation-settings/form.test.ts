import type { OrganisationSettings } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, formIssues, formOf, type SettingsForm } from './form';

const saved: OrganisationSettings = {
  id: 4,
  organisationId: 4,
  mediaRetentionDays: 90,
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
    ['monitoring above 480', { maxMonitoringMinutes: '481' }, ['maxMonitoringMinutes:invalid']],
    ['monitoring at 5', { maxMonitoringMinutes: '5' }, []],
    ['a short secret', { alarmWebhookSecret: 'short' }, ['alarmWebhookSecret:minLength']],
    ['a short secret being cleared', { alarmWebhookSecret: 'short', clearSecret: true }, []],
    ['an ftp address', { alarmWebhookUrl: 'ftp://x' }, ['alarmWebhookUrl:invalid']],
  ])('%s', (_, change, expected) => {
    expect(formIssues(form(change)).map((i) => `${i.field}:${i.rule}`)).toEqual(expected);
  });
});
