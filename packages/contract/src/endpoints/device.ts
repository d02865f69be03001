import {
  BatchResult,
  CommandBatch,
  CommandProgress,
  CommandQuery,
  CommandResult,
  DatapointBatch,
  RecordBatch,
} from '../device-api.js';
import { endpoint, NoContent } from '../endpoint.js';
import { IdParams } from '../organisations.js';

/** The device API (docs/device-protocol.md): what a vehicle calls, with its device credential. */
const security: Record<string, string[]>[] = [{ device: [] }];
const device = { base: 'device' as const, tags: ['device'], security };
const batch = { ...device, ok: { 200: BatchResult }, errors: [400, 401, 413] };
const command = { ...device, params: IdParams, ok: { 204: NoContent }, errors: [400, 401, 404] };

export const records = endpoint('POST', '/records', {
  ...batch,
  summary: 'Store raw records (idempotent; bad records refused one by one)',
  body: RecordBatch,
});

export const datapoints = endpoint('POST', '/datapoints', {
  ...batch,
  summary: 'Store GPS datapoints (idempotent)',
  body: DatapointBatch,
});

export const commands = endpoint('GET', '/commands', {
  ...device,
  summary:
    'Pending commands, oldest first; with none, waits up to `wait` seconds for one (long-poll)',
  querystring: CommandQuery,
  ok: { 200: CommandBatch },
  errors: [400, 401],
});

export const ackCommand = endpoint('POST', '/commands/:id/ack', {
  ...command,
  summary: 'The device holds the command (idempotent)',
});

export const commandProgress = endpoint('POST', '/commands/:id/progress', {
  ...command,
  summary: 'How each part of the command stands (a media request: per camera)',
  body: CommandProgress,
});

export const commandResult = endpoint('POST', '/commands/:id/result', {
  ...command,
  summary: 'The command is finished (idempotent: the first result stays)',
  body: CommandResult,
});
