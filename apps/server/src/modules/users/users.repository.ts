import { sql } from 'kysely';
import { permissions, ROLES, type Role, type User, type UserListQuery } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/http-error.js';
import { listPage, type ListSpec, type Page } from '../../db/list-page.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';

interface UserRow {
  id: number;
  name: string;
  username: string;
  organisation_id: number;
  role: Role;
  driver_id: number | null;
}

const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  username: row.username,
  organisation_id: row.organisation_id,
  user_role: row.role,
  driverId: row.driver_id,
});

const COLUMNS = ['id', 'name', 'username', 'organisation_id', 'role', 'driver_id'] as const;

const listSpec = (organisationId: number): ListSpec<string, string> => ({
  columns: sql`u.id, u.name, u.username, u.organisation_id, u.role, u.driver_id`,
  base: sql`users u`,
  from: sql`users u`,
  where: sql`u.organisation_id = ${organisationId}`,
  search: (pattern) => sql`lower(u.name) LIKE ${pattern} OR lower(u.username) LIKE ${pattern}`,
  filters: {},
  sorts: {
    name: { base: true, expression: sql`lower(u.name)` },
    username: { base: true, expression: sql`lower(u.username)` },
    role: { base: true, expression: sql`u.role` },
  },
  defaultSort: 'name',
  id: sql`u.id`,
});

export interface UserFields {
  name: string;
  username: string;
  passwordHash: string;
  role: Role;
  /** the driver record of a DRIVER user (checked by the service); null: none */
  driverId: number | null;
}

/**
 * A user name is unique in its organisation in its normalised form, regardless of case (sign-in
 * matches it so): `manager\u200b` or a fullwidth `ｍanager` is `manager`.
 */
async function usernameUnique<T>(username: string | undefined, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isPostgresError(error, UNIQUE_VIOLATION, 'users_username_key')) {
      throw conflict(`A user named '${username}' already exists in this organisation`);
    }
    throw error;
  }
}

/** Roles that can manage an organisation's users: decided once, by permissions.manageUsers. */
const MANAGING_ROLES: Role[] = ROLES.filter(permissions.manageUsers);

export class UserRepository {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toUser(row);
  }

  async list(organisationId: number, query: UserListQuery): Promise<Page<User>> {
    const page = await listPage<UserRow, string, string>(this.db, listSpec(organisationId), query);
    return { rows: page.rows.map(toUser), total: page.total };
  }

  create(organisationId: number, fields: UserFields): Promise<User> {
    return usernameUnique(fields.username, async () => {
      const row = await this.db
        .insertInto('users')
        .values({
          organisation_id: organisationId,
          name: fields.name,
          username: fields.username,
          password_hash: fields.passwordHash,
          role: fields.role,
          driver_id: fields.driverId,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toUser(row);
    });
  }

  /**
   * Changes the fields given. A new role or password ends the user's
   * sessions (its refresh tokens go) in the same transaction. Refused (409)
   * when the user is its organisation's last who can manage it and would
   * become a DRIVER. Undefined when the user is gone.
   */
  update(id: number, fields: Partial<UserFields>): Promise<User | undefined> {
    return usernameUnique(fields.username, () =>
      this.db.transaction().execute(async (trx) => {
        const current = await this.lockForChange(trx, id);
        if (!current) return undefined;
        if (fields.role !== undefined && !MANAGING_ROLES.includes(fields.role)) {
          await this.assertAnotherManager(trx, current);
        }
        const row = await trx
          .updateTable('users')
          .set({
            name: fields.name,
            username: fields.username,
            password_hash: fields.passwordHash,
            role: fields.role,
            driver_id: fields.driverId,
          })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        const roleChanged = fields.role !== undefined && fields.role !== current.role;
        if (roleChanged || fields.passwordHash !== undefined) {
          await trx.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
        }
        return toUser(row);
      }),
    );
  }

  /** Deletes the user with its sessions; 409 when it is its organisation's last who can manage it. */
  delete(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lockForChange(trx, id);
      if (!current) return false;
      await this.assertAnotherManager(trx, current);
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return true;
    });
  }

  /**
   * The user, with its organisation's row locked: two requests that each
   * take away one of the last two managers run one after the other, and the
   * second sees the first's change.
   */
  private async lockForChange(trx: Db, id: number) {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'organisation_id', 'role', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) return undefined;
    await trx
      .selectFrom('organisations')
      .select('id')
      .where('id', '=', user.organisation_id)
      .forUpdate()
      .execute();
    return trx
      .selectFrom('users')
      .select(['id', 'organisation_id', 'role', 'name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** An organisation never loses its last user who can manage it. */
  private async assertAnotherManager(
    trx: Db,
    user: { id: number; organisation_id: number; role: Role; name: string },
  ) {
    if (!MANAGING_ROLES.includes(user.role)) return;
    const other = await trx
      .selectFrom('users')
      .select('id')
      .where('organisation_id', '=', user.organisation_id)
      .where('id', '<>', user.id)
      .where('role', 'in', MANAGING_ROLES)
      .limit(1)
      .executeTakeFirst();
    if (!other) {
      throw conflict(
        `${user.name} is the last user who can manage this organisation; give another user that role first`,
      );
    }
  }
}
