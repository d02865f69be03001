import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface AttemptLimits {
  windowSeconds: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  /**
   * The account a sign-in names; organisation and user names match in their normalised form,
   * regardless of case (the unique indexes' name_key), so a look-alike finds that same account.
   */
  findAccount(organisation: string, username: string) {
    return this.db
      .selectFrom('users as u')
      .innerJoin('organisations as o', 'o.id', 'u.organisation_id')
      .select(['u.id', 'u.organisation_id', 'u.role', 'u.password_hash'])
      .where(sql<string>`name_key(o.name)`, '=', sql<string>`name_key(${organisation})`)
      .where(sql<string>`name_key(u.username)`, '=', sql<string>`name_key(${username})`)
      .executeTakeFirst();
  }

  findUser(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'organisation_id', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Reserves one sign-in attempt before its password is checked, or answers false when the
   * limits are reached. Failed sign-ins count in the window: of the account from this address,
   * and from this address to any account; failures from elsewhere do not count against this
   * address, so no one can lock another's account.
   *
   * Counting and reserving happen under a transaction-scoped advisory lock on the address, so
   * parallel guesses (in this process or any other on the database) queue up and each sees
   * the reservations of those before it: the limits hold under any concurrency. The reserved
   * row is the failure if the password turns out wrong; a good sign-in clears it.
   */
  reserveAttempt(accountKey: string, address: string, limits: AttemptLimits): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`fleetwise:sign-in:${address}`}))`.execute(
        trx,
      );
      const since = sql<Date>`now() - make_interval(secs => ${limits.windowSeconds})`;
      await trx
        .deleteFrom('login_failures')
        .where((eb) => eb.or([eb('account_key', '=', accountKey), eb('address', '=', address)]))
        .where('at', '<=', since)
        .execute();
      const row = await trx
        .selectNoFrom((eb) => [
          eb
            .selectFrom('login_failures')
            .select(eb.fn.countAll<number>().as('n'))
            .where('account_key', '=', accountKey)
            .where('address', '=', address)
            .where('at', '>', since)
            .as('account'),
          eb
            .selectFrom('login_failures')
            .select(eb.fn.countAll<number>().as('n'))
            .where('address', '=', address)
            .where('at', '>', since)
            .as('address'),
        ])
        .executeTakeFirstOrThrow();
      if (
        Number(row.account) >= limits.maxPerAccount ||
        Number(row.address) >= limits.maxPerAddress
      )
        return false;
      await trx.insertInto('login_failures').values({ account_key: accountKey, address }).execute();
      return true;
    });
  }

  /** After a good sign-in: the account's failures from this address, not those of others. */
  async clearFailures(accountKey: string, address: string) {
    await this.db
      .deleteFrom('login_failures')
      .where('account_key', '=', accountKey)
      .where('address', '=', address)
      .execute();
  }

  async storeRefreshToken(userId: number, tokenHash: string, family: string, ttlSeconds: number) {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: userId,
        token_hash: tokenHash,
        family,
        expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
      })
      .execute();
  }

  /** Runs `work` in one transaction, with a repository on it. */
  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AuthRepository(trx)));
  }

  /**
   * Spends a refresh token: marks it used in the same statement that reads it, so two
   * concurrent refreshes cannot both spend it; in a transaction the second waits for the
   * first's row lock and then sees what it stored. A token spent less than `graceSeconds` ago
   * answers 'grace' with the pair it was spent for (sealed); one spent earlier, 'reused'.
   */
  async spendRefreshToken(tokenHash: string, graceSeconds = 0) {
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .returning(['user_id', 'family', sql<boolean>`expires_at < now()`.as('expired')])
      .executeTakeFirst();
    if (spent) return { status: spent.expired ? 'expired' : 'ok', ...spent } as const;
    const known = await this.db
      .selectFrom('refresh_tokens')
      .select([
        'family',
        'successor_sealed',
        sql<boolean>`used_at > now() - make_interval(secs => ${graceSeconds})`.as('recent'),
      ])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!known) return { status: 'unknown' } as const;
    if (known.recent && known.successor_sealed)
      return { status: 'grace', family: known.family, sealed: known.successor_sealed } as const;
    return { status: 'reused', family: known.family } as const;
  }

  /**
   * Keeps the pair a token was spent for, for its grace; drops those of the family whose grace
   * is over, so a sealed pair lives seconds, not as long as the family.
   */
  async sealSuccessor(tokenHash: string, family: string, sealed: string, graceSeconds: number) {
    await this.db
      .updateTable('refresh_tokens')
      .set({ successor_sealed: null })
      .where('family', '=', family)
      .where('successor_sealed', 'is not', null)
      .where('used_at', '<=', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
      .execute();
    await this.db
      .updateTable('refresh_tokens')
      .set({ successor_sealed: sealed })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /**
   * The account behind a live session (a refresh-token family not revoked),
   * as it is now; undefined once the family is revoked or the user deleted
   * (its refresh tokens go with it).
   */
  async findSession(family: string, userId: number) {
    return this.db
      .selectFrom('refresh_tokens as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.organisation_id', 'u.role'])
      .where('r.family', '=', family)
      .where('r.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
  }

  async revokeFamily(family: string) {
    await this.db.deleteFrom('refresh_tokens').where('family', '=', family).execute();
  }
}
