import { Type, type Static } from 'typebox';
import { Role } from './roles.js';

export const User = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  organisation_id: Type.Integer(),
  user_role: Role,
});
export type User = Static<typeof User>;
