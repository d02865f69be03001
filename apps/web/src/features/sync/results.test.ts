import type { SyncLastResult, SyncResult } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  durationParts,
  failedRows,
  isActive,
  lastResultOf,
  progressView,
  remoteTree,
  scheduleOf,
  synchronizationHref,
  unknownIds,
} from './results';

const result = (change: Partial<SyncResult> = {}): SyncResult => ({
  id: 1,
  organisationId: 10,
  configurationId: 1,
  trigger: 'MANUAL',
  status: 'SUCCESS',
  queuedAt: '2026-01-05T10:00:00.000Z',
  startedAt: '2026-01-05T10:00:01.000Z',
  endedAt: '2026-01-05T10:00:03.000Z',
  counts: { created: 0, updated: 0, unchanged: 0, deactivated: 0 },
  countsByKind: {},
  errors: [],
  errorCount: 0,
  reason: null,
  progress: null,
  attempt: 1,
  nextRetryAt: null,
  incremental: false,
  ...change,
});

describe('isActive', () => {
  it.each([
    ['QUEUED', true],
    ['RUNNING', true],
    ['SUCCESS', false],
    ['PARTIAL', false],
    ['FAILED', false],
  ] as const)('%s', (status, active) => {
    expect(isActive(result({ status }))).toBe(active);
  });
  it('no result is not active', () => expect(isActive(null)).toBe(false));
});

describe('progressView', () => {
  it.each([
    ['queued', result({ status: 'QUEUED', startedAt: null }), 'QUEUED', null],
    ['running, nothing read yet', result({ status: 'RUNNING', progress: null }), 'STARTING', null],
    [
      'reading pages: no total',
      result({
        status: 'RUNNING',
        progress: { phase: 'FETCHING', entityKind: 'DRIVER', done: 700, total: null },
      }),
      'FETCHING',
      null,
    ],
    [
      'applying: a share',
      result({
        status: 'RUNNING',
        progress: { phase: 'APPLYING', entityKind: 'DEVICE', done: 1, total: 3 },
      }),
      'APPLYING',
      33,
    ],
    [
      'applying nothing is done',
      result({
        status: 'RUNNING',
        progress: { phase: 'APPLYING', entityKind: null, done: 0, total: 0 },
      }),
      'APPLYING',
      100,
    ],
    [
      'never beyond the end',
      result({
        status: 'RUNNING',
        progress: { phase: 'APPLYING', entityKind: null, done: 5, total: 4 },
      }),
      'APPLYING',
      100,
    ],
    ['over', result({ status: 'FAILED' }), 'DONE', 100],
  ])('%s', (_, run, step, percent) => {
    const view = progressView(run);
    expect(view.step).toBe(step);
    expect(view.percent).toBe(percent);
  });

  it('names the kind and the records', () => {
    expect(
      progressView(
        result({
          status: 'RUNNING',
          progress: { phase: 'FETCHING', entityKind: 'ASSET', done: 500, total: null },
        }),
      ),
    ).toEqual({ step: 'FETCHING', kind: 'ASSET', done: 500, total: null, percent: null });
  });
});

describe('durationParts', () => {
  it.each([
    ['2 s', '2026-01-05T10:00:01Z', '2026-01-05T10:00:03Z', { hours: 0, minutes: 0, seconds: 2 }],
    [
      'rounded',
      '2026-01-05T10:00:00Z',
      '2026-01-05T10:00:00.600Z',
      { hours: 0, minutes: 0, seconds: 1 },
    ],
    [
      'minutes',
      '2026-01-05T10:00:00Z',
      '2026-01-05T10:03:04Z',
      { hours: 0, minutes: 3, seconds: 4 },
    ],
    ['hours', '2026-01-05T10:00:00Z', '2026-01-05T11:02:00Z', { hours: 1, minutes: 2, seconds: 0 }],
    ['not started', null, '2026-01-05T10:00:00Z', null],
    ['not ended', '2026-01-05T10:00:00Z', null, null],
    ['backwards', '2026-01-05T10:00:01Z', '2026-01-05T10:00:00Z', null],
  ])('%s', (_, from, until, parts) => {
    expect(durationParts(from, until)).toEqual(parts);
  });
});

describe('remoteTree', () => {
  const org = (
    externalId: string,
    parentExternalId: string | null,
    name = `Org ${externalId}`,
  ) => ({
    externalId,
    name,
    parentExternalId,
  });
  const shape = (rows: ReturnType<typeof remoteTree>) =>
    rows.map((r) => `${'>'.repeat(r.depth)}${r.externalId}`);

  it.each([
    ['empty', [], []],
    [
      'the key’s organisation and those below',
      [org('2', null), org('5', '2'), org('6', '5'), org('7', '2')],
      ['2', '>5', '>>6', '>7'],
    ],
    [
      'children listed before their parent',
      [org('6', '5'), org('5', '2'), org('2', null)],
      ['2', '>5', '>>6'],
    ],
    ['a parent that is not listed: at the top', [org('5', '99'), org('6', '5')], ['5', '>6']],
    ['a cycle is cut', [org('a', 'b'), org('b', 'a')], ['a', '>b']],
    ['a repeated id once', [org('2', null), org('2', null)], ['2']],
  ])('%s', (_, list, expected) => {
    expect(shape(remoteTree(list))).toEqual(expected);
  });
});

describe('unknownIds', () => {
  const offered = [{ externalId: '2', name: 'Demo', parentExternalId: null }];
  it('the mirrored ids the remote does not offer', () => {
    expect(unknownIds(['2', '9'], offered)).toEqual(['9']);
  });
  it('none while the remote’s list is not known', () => {
    expect(unknownIds(['2', '9'], undefined)).toEqual([]);
  });
});

describe('failedRows', () => {
  const last = (
    organisationId: number,
    name: string,
    run: Partial<SyncResult> | null,
  ): SyncLastResult => ({
    organisationId,
    organisationName: name,
    configurationId: organisationId,
    server: 'http://remote.example',
    enabled: true,
    nextRunAt: null,
    result: run ? result({ organisationId, ...run }) : null,
  });
  const list = [
    last(1, 'Alpha', { status: 'FAILED', endedAt: '2026-01-05T09:00:00Z' }),
    last(2, 'Bravo', { status: 'SUCCESS' }),
    last(3, 'Charlie', { status: 'FAILED', endedAt: '2026-01-05T11:00:00Z' }),
    last(4, 'Delta', null),
    last(5, 'Echo', { status: 'RUNNING', endedAt: null, queuedAt: '2026-01-05T12:00:00Z' }),
    last(6, 'Foxtrot', { status: 'PARTIAL' }),
  ];
  const names = (rows: ReturnType<typeof failedRows>) => rows.map((r) => r.organisationName);

  it('the failed ones, newest failure first', () => {
    expect(names(failedRows(list))).toEqual(['Charlie', 'Alpha']);
  });
  it('and those retried here, whatever their run is now', () => {
    expect(names(failedRows(list, new Set([5, 2, 4])))).toEqual([
      'Echo',
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
  });
  it('none failed: empty', () => {
    expect(failedRows([list[1]!, list[3]!])).toEqual([]);
  });
});

describe('lastResultOf', () => {
  it('finds the organisation’s run, or null', () => {
    const row: SyncLastResult = {
      organisationId: 7,
      organisationName: 'Seven',
      configurationId: 1,
      server: 'http://r.example',
      enabled: true,
      nextRunAt: null,
      result: result({ id: 42 }),
    };
    expect(lastResultOf([row], 7)?.id).toBe(42);
    expect(lastResultOf([row], 8)).toBeNull();
    expect(lastResultOf(undefined, 7)).toBeNull();
  });
});

describe('synchronizationHref', () => {
  it('names the organisation to view', () => {
    expect(synchronizationHref(12)).toBe('/management/synchronization?organisation=12');
  });
});

describe('scheduleOf', () => {
  const at = '2026-01-05T11:00:00.000Z';
  it.each([
    [
      'no remote organisation chosen',
      { enabled: true, externalIds: [], nextRunAt: null },
      { state: 'NO_IDS' },
    ],
    [
      'none chosen, switched off',
      { enabled: false, externalIds: [], nextRunAt: null },
      { state: 'NO_IDS' },
    ],
    ['switched off', { enabled: false, externalIds: ['2'], nextRunAt: null }, { state: 'OFF' }],
    ['due', { enabled: true, externalIds: ['2'], nextRunAt: at }, { state: 'DUE', at }],
  ])('%s', (_, configuration, expected) => {
    expect(scheduleOf(configuration)).toEqual(expected);
  });
});
