import type { User } from '@fleet/contract';
import type { Db } from '../../db/database.js';

export class UserRepository {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<User | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'username', 'organisation_id', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        name: row.name,
        username: row.username,
        organisation_id: row.organisation_id,
        user_role: row.role,
      }
    );
  }
}
