import type { AccessTokenClaims, User } from '@fleet/contract';
import { notFound } from '../../lib/http-error.js';
import type { AccessService } from '../access/access.service.js';
import type { UserRepository } from './users.repository.js';

export class UserService {
  constructor(
    private readonly repository: UserRepository,
    private readonly access: AccessService,
  ) {}

  async get(caller: AccessTokenClaims, id: number): Promise<User> {
    const user = await this.repository.find(id);
    if (!user) throw notFound(`User ${id} does not exist`);
    await this.access.assertWithin(caller, user.organisation_id, `User ${id}`);
    return user;
  }
}
