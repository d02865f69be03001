import { describe, expect, it } from 'vitest';
import { parse } from './main.js';

describe('command line', () => {
  it('defaults to the demo on localhost with the OEM sign-in', () => {
    const args = parse([]);
    expect(args).toMatchObject({
      command: 'demo',
      url: 'http://localhost:3000',
      signIn: { organisation: 'Fleetwise OEM', username: 'oem', password: 'demo-pass' },
      days: 30,
      liveVehicles: 6,
      seed: 1,
      concurrency: 4,
    });
    expect(args.stateFile).toMatch(/simulator-state\.json$/);
  });

  it('reads every option', () => {
    expect(
      parse([
        'live',
        '--url',
        'https://fleet.example.com/',
        '--days',
        '7',
        '--live-vehicles',
        '0',
        '--seed',
        '9',
      ]),
    ).toMatchObject({
      command: 'live',
      url: 'https://fleet.example.com',
      days: 7,
      liveVehicles: 0,
      seed: 9,
    });
  });

  it.each([
    [['drive']],
    [['--days', 'many']],
    [['--days', '0']],
    [['--url', 'localhost:3000']],
    [['--colour', 'red']],
    [['history', 'live']],
  ])('refuses %j', (argv) => {
    expect(() => parse(argv)).toThrow();
  });
});
