// The users module's front door.
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import type { SessionCheck } from '../auth/index.js';
import type { DriverReads } from '../drivers/index.js';
import type { OrganisationTree } from '../organisations/index.js';
import { UserRepository } from './users.repository.js';
import { UserService } from './users.service.js';

export { userRoutes } from './users.routes.js';
export type { UserService } from './users.service.js';

/** A user's name by id (null when there is no such user): who made an API key. */
export function userNames(db: Db): (userId: number) => Promise<string | null> {
  const users = new UserRepository(db);
  return async (userId) => (await users.find(userId))?.name ?? null;
}

export function createUsers(deps: {
  db: Db;
  access: AccessService;
  sessions: SessionCheck;
  drivers: DriverReads;
  tree: OrganisationTree;
}) {
  return new UserService(
    new UserRepository(deps.db),
    deps.access,
    deps.sessions,
    deps.drivers,
    deps.tree,
  );
}
