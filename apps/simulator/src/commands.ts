import type { CommandKind, CommandResult, DeviceCommand } from '@fleet/contract';
import { CredentialError, pause } from './client.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { applyConfiguration } from './configuration.js';
import { answerMediaRequest } from './media-request.js';
import { endMonitoring, enhanceCamera, runMonitoring } from './monitoring.js';

/**
 * The device end of the command channel (docs/device-protocol.md): every unit
 * long-polls for its commands, acknowledges each, hands it to the handler of
 * its kind and posts the result. It survives the server going away (backing
 * off up to 30 s) and stops at once when the signal aborts.
 */

/** Does what a command asks and says how it went; progress on the way is the handler's. */
export type CommandHandler = (
  command: DeviceCommand,
  unit: DeviceUnit,
  services: UnitServices,
  signal: AbortSignal,
) => Promise<CommandResult>;

export const NOT_SUPPORTED = 'not supported by this device';

/** One handler per kind; a kind without one is answered FAILED "not supported by this device". */
export const COMMAND_HANDLERS: Partial<Record<CommandKind, CommandHandler>> = {
  MEDIA_REQUEST: answerMediaRequest,
  CONFIGURATION: (command, unit, services) => applyConfiguration(command, unit, services),
  MONITORING_REQUEST: runMonitoring,
  MONITORING_END: (command, unit) => endMonitoring(command, unit),
  MONITORING_ENHANCE: (command, unit) => enhanceCamera(command, unit),
};

/** Seconds a poll waits on the server for a command. */
export const POLL_WAIT_SECONDS = 25;
const MAX_BACKOFF_MS = 30_000;

/** 1, 2, 4 … 30 s after the nth failure in a row, with a little jitter so devices spread out. */
export function backoff(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Says once that the devices lost the server and once that they have it back,
 * however many devices notice.
 */
export class ChannelHealth {
  private readonly failing = new Set<string>();

  constructor(private readonly log: (message: string) => void) {}

  failed(identifier: string, why: string): void {
    if (this.failing.size === 0) {
      this.log(`Device channel: ${why}; the devices keep asking (every 30 s at most).`);
    }
    this.failing.add(identifier);
  }

  ok(identifier: string): void {
    if (!this.failing.delete(identifier)) return;
    if (this.failing.size === 0) this.log('Device channel: the server answers again.');
  }
}

export interface LoopOptions {
  signal: AbortSignal;
  health: ChannelHealth;
  handlers?: Partial<Record<CommandKind, CommandHandler>>;
  wait?: number;
  /** the credential was refused: get a new one into unit.api (throws when it cannot) */
  renewCredential?: () => Promise<void>;
  random?: () => number;
}

/** Keeps polling until the signal aborts; resolves when the commands under way have stopped. */
export async function runCommandLoop(
  unit: DeviceUnit,
  services: UnitServices,
  options: LoopOptions,
): Promise<void> {
  const { signal, health } = options;
  const handlers = options.handlers ?? COMMAND_HANDLERS;
  const wait = options.wait ?? POLL_WAIT_SECONDS;
  /** commands being handled, and the last ones finished: a command handed out again is not done twice */
  const busy = new Map<number, Promise<void>>();
  const finished: number[] = [];
  let failures = 0;
  let lastRenewal = 0;

  const handle = async (command: DeviceCommand): Promise<boolean> => {
    try {
      await unit.api.ack(command.id, signal);
    } catch (error) {
      // Not acknowledged: the server hands it out again, and it is handled then.
      if (!signal.aborted)
        services.log(
          `${unit.asset}: command ${command.id} not acknowledged: ${(error as Error).message}`,
        );
      return false;
    }
    const handler = handlers[command.kind];
    let result: CommandResult;
    try {
      result = handler
        ? await handler(command, unit, services, signal)
        : { status: 'FAILED', reason: NOT_SUPPORTED };
    } catch (error) {
      if (signal.aborted) return true;
      result = {
        status: 'FAILED',
        reason: `The device failed: ${(error as Error).message}`.slice(0, 500),
      };
    }
    if (signal.aborted) return true;
    try {
      await unit.api.result(command.id, result, signal);
    } catch (error) {
      if (!signal.aborted)
        services.log(
          `${unit.asset}: result of command ${command.id} not sent: ${(error as Error).message}`,
        );
    }
    return true;
  };

  while (!signal.aborted) {
    let commands: DeviceCommand[];
    try {
      commands = await unit.api.commands(wait, signal);
      failures = 0;
      health.ok(unit.identifier);
    } catch (error) {
      if (signal.aborted) break;
      failures++;
      if (
        error instanceof CredentialError &&
        options.renewCredential &&
        services.now() - lastRenewal > 300_000
      ) {
        lastRenewal = services.now();
        try {
          await options.renewCredential();
          continue;
        } catch (renewal) {
          services.log(`${unit.asset}: no new credential: ${(renewal as Error).message}`);
        }
      }
      health.failed(unit.identifier, (error as Error).message);
      await pause(backoff(failures, options.random), signal);
      continue;
    }
    let fresh = 0;
    for (const command of commands) {
      if (busy.has(command.id) || finished.includes(command.id)) continue;
      fresh++;
      const work = handle(command).then((done) => {
        busy.delete(command.id);
        if (!done) return;
        finished.push(command.id);
        if (finished.length > 200) finished.shift();
      });
      busy.set(command.id, work);
    }
    // Only commands already under way came back (not acknowledged yet): do not spin.
    if (commands.length > 0 && fresh === 0) await pause(1000, signal);
  }
  await Promise.allSettled(busy.values());
}
