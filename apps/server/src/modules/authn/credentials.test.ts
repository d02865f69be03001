import { describe, expect, it } from 'vitest';
import { MonitoringTokens } from '../monitoring/index.js';
import { bearerKindFor, bearerOf, type CallerKind } from './credentials.js';

const device = `dev_12_${'a'.repeat(43)}`;
const monitoring = await new MonitoringTokens('secret').sign(7, new Date(Date.now() + 60_000));
const user = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2ln';

describe('bearerOf', () => {
  it.each([
    ['Bearer abc', 'abc'],
    ['bearer   abc', 'abc'],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    ['Basic abc', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, credential) => expect(bearerOf(header)).toBe(credential));
});

describe('bearerKindFor: which check a scope gives a credential', () => {
  const VIEW: CallerKind[] = ['user', 'monitoringToken'];
  it.each([
    [device, ['device'], 'device'],
    [user, ['device'], 'device'], // refused as a device credential, as the device API always did
    [monitoring, ['device'], 'device'],
    [user, ['user'], 'user'],
    [monitoring, ['user'], 'user'], // an invalid access token on a session route
    [device, ['user'], 'user'],
    [monitoring, VIEW, 'monitoringToken'],
    [user, VIEW, 'user'],
    [device, VIEW, 'user'],
    [user, ['monitoringToken'], undefined],
  ] as [string, CallerKind[], string | undefined][])('%s on %j → %s', (credential, kinds, kind) =>
    expect(bearerKindFor(credential, kinds)).toBe(kind),
  );
});
