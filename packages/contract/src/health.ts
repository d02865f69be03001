import { Type, type Static } from 'typebox';

export const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
  version: Type.String(),
  /** asset-days waiting for the engine: how far derived data lags behind what devices sent */
  engineQueue: Type.Integer({ minimum: 0 }),
  /** the video gateway (Janus): up, down (configured but not answering), absent (none) */
  videoGateway: Type.Enum(['up', 'down', 'absent']),
});
export type Health = Static<typeof Health>;
