import { Type, type Static } from 'typebox';
import { Role } from './roles.js';

export const PASSWORD_MIN_LENGTH = 6;

export const LoginBody = Type.Object(
  {
    organisation: Type.String({ minLength: 1, maxLength: 200 }),
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const RefreshBody = Type.Object(
  { refreshToken: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type RefreshBody = Static<typeof RefreshBody>;

export const TokenPair = Type.Object({
  accessToken: Type.String({ description: 'Signed JWT, valid for minutes' }),
  refreshToken: Type.String({ description: 'Opaque; works once' }),
});
export type TokenPair = Static<typeof TokenPair>;

/** Claims of the access token (spec §3: the login token carries these). */
export const AccessTokenClaims = Type.Object({
  organisation_id: Type.Integer(),
  user_id: Type.Integer(),
  user_role: Role,
});
export type AccessTokenClaims = Static<typeof AccessTokenClaims>;
