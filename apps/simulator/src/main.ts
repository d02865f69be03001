import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ApiError, UnreachableError } from './client.js';
import {
  DEFAULT_EVENT_CLIP_LIMIT,
  DEFAULT_EVENT_MEDIA_LIMIT,
  DEFAULT_MEDIA_DAYS,
  runLive,
  seedDemoFleet,
  type SimulatorOptions,
} from './fleet.js';
import { DEFAULT_RECORDING_HOURS } from './recorder.js';

// For a program that runs the fleet itself (npm start): importing this module does not start the CLI.
export { runLive, seedDemoFleet } from './fleet.js';
export type { LiveOptions, SeedOptions, SeedResult, SimulatorOptions } from './fleet.js';

export const USAGE = `Usage: node apps/simulator/dist/main.js [demo|history|live] [options]

A fleet of virtual trucks that drive between towns of the Netherlands and
talk to a Fleetwise server through its device API.

Commands:
  demo      seed the demo fleet if Demo Transport has no assets yet, then drive live (default)
  history   only seed: create the demo fleet and send --days days of history
  live      only drive live: keep --live-vehicles vehicles driving in real time

While live, every vehicle's camera unit (parked ones too) answers media requests
from the portal with pictures and clips of what it drove (ffmpeg), and the
driving vehicles send event media by themselves.

Options:
  --url URL               the server (default http://localhost:3000)
  --organisation NAME     sign in with this organisation (default "Fleetwise OEM")
  --username NAME         user name (default oem)
  --password PASSWORD     password (default demo-pass)
  --days N                days of history to seed (default 30)
  --live-vehicles N       vehicles driving live (default 6)
  --state FILE            where device credentials and vehicle positions are kept
                          (default $DATA_DIR/simulator-state.json, DATA_DIR default data)
  --seed N                the same seed gives the same fleet and the same driving (default 1)
  --concurrency N         vehicles sent at the same time while seeding (default 4)
  --recording-hours N     hours of driving the cameras hold and answer requests for (default 72)
  --media-days N          seeding: days back whose events get pictures and clips (default 3, 0 none)
  --event-media N         seeding: at most N events get them, in turns from every vehicle (default 30)
  --event-clips N         seeding: clips for at most N of those events, pictures only for the rest (default 6)
  -h, --help              show this help

Exit codes: 0 done, 1 failed, 2 bad arguments, 3 server unreachable, 4 sign-in failed.`;

export const EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 3, signIn: 4 } as const;

class UsageError extends Error {}

function positiveInteger(name: string, value: string, min = 1): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got '${value}'`);
  }
  return number;
}

export function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://localhost:3000' },
      organisation: { type: 'string', default: 'Fleetwise OEM' },
      username: { type: 'string', default: 'oem' },
      password: { type: 'string', default: 'demo-pass' },
      days: { type: 'string', default: '30' },
      'live-vehicles': { type: 'string', default: '6' },
      // Next to the server's data, where npm start keeps it (the server reads DATA_DIR too).
      state: {
        type: 'string',
        default: path.join(process.env.DATA_DIR || 'data', 'simulator-state.json'),
      },
      seed: { type: 'string', default: '1' },
      concurrency: { type: 'string', default: '4' },
      'recording-hours': { type: 'string', default: String(DEFAULT_RECORDING_HOURS) },
      'media-days': { type: 'string', default: String(DEFAULT_MEDIA_DAYS) },
      'event-media': { type: 'string', default: String(DEFAULT_EVENT_MEDIA_LIMIT) },
      'event-clips': { type: 'string', default: String(DEFAULT_EVENT_CLIP_LIMIT) },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (positionals.length > 1)
    throw new UsageError(`One command at a time, got: ${positionals.join(' ')}`);
  const command = positionals[0] ?? 'demo';
  if (!['demo', 'history', 'live'].includes(command)) {
    throw new UsageError(`Unknown command '${command}': use demo, history or live`);
  }
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(`--url must be a URL such as http://localhost:3000, got '${values.url}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url must start with http:// or https://, got '${values.url}'`);
  }
  return {
    help: values.help,
    command: command as 'demo' | 'history' | 'live',
    url: url.origin,
    signIn: {
      organisation: values.organisation,
      username: values.username,
      password: values.password,
    },
    days: positiveInteger('days', values.days),
    liveVehicles: positiveInteger('live-vehicles', values['live-vehicles'], 0),
    stateFile: path.resolve(values.state),
    seed: positiveInteger('seed', values.seed),
    concurrency: positiveInteger('concurrency', values.concurrency),
    recordingHours: positiveInteger('recording-hours', values['recording-hours']),
    mediaDays: positiveInteger('media-days', values['media-days'], 0),
    eventMediaLimit: positiveInteger('event-media', values['event-media'], 0),
    eventClipLimit: positiveInteger('event-clips', values['event-clips'], 0),
  };
}

const log = (message: string) => process.stderr.write(`[simulator] ${message}\n`);

export async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const options: SimulatorOptions = {
    url: args.url,
    signIn: args.signIn,
    stateFile: args.stateFile,
    seed: args.seed,
    log,
    recordingHours: args.recordingHours,
  };
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (args.command !== 'live') {
      await seedDemoFleet({
        ...options,
        days: args.days,
        concurrency: args.concurrency,
        mediaDays: args.mediaDays,
        eventMediaLimit: args.eventMediaLimit,
        eventClipLimit: args.eventClipLimit,
        signal: stop.signal,
      });
    }
    // With no vehicle driving the units still answer the portal's requests.
    if (args.command !== 'history' && !stop.signal.aborted) {
      await runLive({ ...options, vehicles: args.liveVehicles, signal: stop.signal });
    }
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UnreachableError) {
      log(`${error.message}. Is the server running? Start it with npm start, or pass --url.`);
      return EXIT.unreachable;
    }
    if (error instanceof ApiError && error.status === 401 && error.code === 'INVALID_CREDENTIALS') {
      log(
        `Sign-in failed as ${args.signIn.username} of ${args.signIn.organisation}: ${error.message}.`,
      );
      return EXIT.signIn;
    }
    if (error instanceof ApiError) {
      log(`The server answered ${error.status} ${error.code}: ${error.message}`);
      return EXIT.failed;
    }
    log(`Failed: ${(error as Error).stack ?? String(error)}`);
    return EXIT.failed;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
