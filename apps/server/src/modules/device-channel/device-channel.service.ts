import type { FastifyBaseLogger } from 'fastify';
import type { PgListener } from '../../db/pg-listener.js';
import type { CommandKind, CommandProgress, CommandResult, DeviceCommand } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { commandListener } from './command-listener.js';
import type { Executor } from '../../db/database.js';
import type { CommandRef, DeviceChannelRepository } from './device-channel.repository.js';
import { PollWaiters } from './poll-waiters.js';

/** While the listener is away, a waiting poll looks again this often. */
const UNLISTENED_RECHECK_MS = 1000;

/**
 * What a kind of command does with the device's answers. The channel keeps a command's own
 * state (delivered, acknowledged, finished); the handler keeps what it means (a media request's
 * cameras). Handlers are called again on a repeated ack or result, so they must be idempotent.
 */
export interface CommandHandler {
  acknowledged(command: CommandRef): Promise<void>;
  progress(command: CommandRef, progress: CommandProgress): Promise<void>;
  /** `command.status` and `command.reason` hold the device's first result. */
  finished(command: CommandRef): Promise<void>;
}

/**
 * The way the server reaches a device (docs/device-protocol.md, "The command channel"):
 * commands stored durably, handed out on the device's long-poll, woken across server processes
 * by PostgreSQL NOTIFY.
 */
export class DeviceChannelService {
  private readonly handlers = new Map<CommandKind, CommandHandler>();
  private readonly waiters = new PollWaiters();
  private readonly listener: PgListener;

  constructor(
    private readonly repository: DeviceChannelRepository,
    db: Db,
    log: FastifyBaseLogger,
  ) {
    this.listener = commandListener(
      db,
      {
        notified: (deviceId) => this.waiters.wake(deviceId),
        reconnected: () => this.waiters.wakeAll(),
      },
      log,
    );
  }

  handle(kind: CommandKind, handler: CommandHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Stores a command for the device and wakes its poll, wherever it waits. Pass a transaction
   * as `executor` to store it together with what it serves; the poll wakes at commit.
   */
  send(
    deviceId: number,
    kind: CommandKind,
    payload: object,
    expiresAt: Date,
    executor?: Executor,
  ): Promise<number> {
    return this.repository.insert(
      executor ?? this.repository.db,
      deviceId,
      kind,
      payload,
      expiresAt,
    );
  }

  /** Long-polls waiting in this process (at most one per device). */
  get waitingPolls(): number {
    return this.waiters.size;
  }

  /**
   * The device's pending commands; with none, waits up to `waitSeconds` for one. `gone` aborts
   * the wait when the device hung up.
   */
  async poll(deviceId: number, waitSeconds: number, gone?: AbortSignal): Promise<DeviceCommand[]> {
    const deadline = Date.now() + waitSeconds * 1000;
    if (waitSeconds > 0) await this.listener.ensure();
    for (;;) {
      if (gone?.aborted) return [];
      const remaining = deadline - Date.now();
      // Registered before the query: a command committed after it wakes this wait.
      const waiter =
        remaining > 0
          ? this.waiters.wait(
              deviceId,
              this.listener.listening ? remaining : Math.min(remaining, UNLISTENED_RECHECK_MS),
            )
          : undefined;
      const commands = await this.repository.takePending(deviceId);
      if (commands.length || !waiter) {
        waiter?.cancel();
        return commands;
      }
      if (gone?.aborted) {
        waiter.cancel();
        return [];
      }
      const hangUp = () => waiter.cancel();
      gone?.addEventListener('abort', hangUp);
      const reason = await waiter.promise;
      gone?.removeEventListener('abort', hangUp);
      if (reason === 'replaced' || reason === 'closed') return [];
    }
  }

  async acknowledge(deviceId: number, commandId: number): Promise<void> {
    const command = await this.repository.acknowledge(commandId, deviceId);
    if (!command) throw notFound(`Command ${commandId} does not exist`);
    await this.handlers.get(command.kind)?.acknowledged(command);
  }

  /** Progress means the device holds the command: it acknowledges it too. */
  async progress(deviceId: number, commandId: number, progress: CommandProgress): Promise<void> {
    const command = await this.repository.acknowledge(commandId, deviceId);
    if (!command) throw notFound(`Command ${commandId} does not exist`);
    const handler = this.handlers.get(command.kind);
    if (!handler) throw badRequest(`A ${command.kind} command takes no progress`);
    await handler.acknowledged(command);
    await handler.progress(command, progress);
  }

  async result(deviceId: number, commandId: number, result: CommandResult): Promise<void> {
    const command = await this.repository.finish(
      commandId,
      deviceId,
      result.status,
      result.reason ?? null,
    );
    if (!command) throw notFound(`Command ${commandId} does not exist`);
    const handler = this.handlers.get(command.kind);
    await handler?.acknowledged(command);
    await handler?.finished(command);
  }

  /** Shutdown, step one: waiting polls answer at once (before the server waits for requests). */
  releasePolls(): void {
    this.waiters.close();
  }

  /** Shutdown, step two: the listening connection ends. */
  async close(): Promise<void> {
    this.waiters.close();
    await this.listener.close();
  }
}
