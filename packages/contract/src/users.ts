import { Type, type Static } from 'typebox';
import { Role } from './roles.js';

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  organisation_id: Type.Integer(),
  user_role: Role,
  /** the driver record a DRIVER user is (their own cases in My safety); null: none */
  driverId: Type.Union([Type.Integer(), Type.Null()]),
});
export type User = Static<typeof User>;
