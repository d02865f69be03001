import type { ColumnType, Generated } from 'kysely';
import type { Role } from '@fleet/contract';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  created_at: CreatedAt;
}

export interface UserTable {
  id: Generated<number>;
  organisation_id: number;
  username: string;
  name: string;
  password_hash: string;
  role: Role;
  created_at: CreatedAt;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  /** sha-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** Tokens from one sign-in share a family; reuse of a spent token revokes the family. */
  family: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account_key: string;
  address: string;
  at: CreatedAt;
}

export interface Database {
  organisations: OrganisationTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  login_failures: LoginFailureTable;
}
