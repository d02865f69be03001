import { sql } from 'kysely';

/**
 * Organisation moves and deletions take this lock (transaction-level): a move checks that it
 * makes no cycle, and a deletion reads the subtree it deletes, with no move changing the tree
 * in between.
 */
export const treeLock = sql`SELECT pg_advisory_xact_lock(hashtext('fleetwise:organisation-tree'))`;
