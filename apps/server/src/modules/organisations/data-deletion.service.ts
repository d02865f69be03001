import type { DeletionProgress, Organisation } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { DEADLOCK_DETECTED, isPostgresError } from '../../lib/postgres-errors.js';
import type { Report } from '../../lib/progress-stream.js';
import { badRequest } from '../../lib/http-error.js';
import { addCounts, confirmationRefusal, deletionSteps } from './data-deletion.js';
import type { DataDeletionRepository, DeletionTransaction } from './data-deletion.repository.js';

/** A deletion confirmed with the organisation's name (confirmationRefusal says how); 400 otherwise. */
export function assertConfirmed(organisation: Organisation, confirm: string): void {
  const refusal = confirmationRefusal(organisation.name, confirm);
  if (refusal) throw badRequest(refusal);
}

/** Times one step is tried again after PostgreSQL chose it as a deadlock's victim. */
const STEP_ATTEMPTS = 5;

export class DeletionCancelled extends Error {
  constructor() {
    super('The deletion was cancelled; nothing was deleted');
  }
}

/**
 * Deletes an organisation's data, or the organisation with everything in and below it, in one
 * transaction, reporting after each step. A failure or a cancel (the client went away) rolls
 * it all back. A step that meets a deadlock with live work (a truck's batch, the engine) is
 * rolled back to its savepoint and run again, so one unlucky moment does not undo the rest.
 */
export class DataDeletionService {
  constructor(
    private readonly repository: DataDeletionRepository,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(
    rootId: number,
    whole: boolean,
    report: Report<DeletionProgress>,
    signal: AbortSignal,
  ): Promise<DeletionProgress> {
    const started = Date.now();
    let deleted: Record<string, number> = {};
    report({ status: 'started', done: 0, steps: 0, deleted });
    const trx = await this.repository.begin();
    try {
      const scope = await this.repository.scope(trx, rootId, whole);
      const steps = deletionSteps(scope, whole);
      report({ status: 'running', done: 0, steps: steps.length, deleted });
      for (const [index, step] of steps.entries()) {
        if (signal.aborted) throw new DeletionCancelled();
        deleted = addCounts(deleted, await this.step(trx, () => this.repository.run(trx, step)));
        report({ status: 'running', done: index + 1, steps: steps.length, deleted });
      }
      if (signal.aborted) throw new DeletionCancelled();
      await trx.commit().execute();
      const seconds = (Date.now() - started) / 1000;
      this.log.info(
        { organisationId: rootId, whole, deleted, seconds },
        whole ? 'organisation deleted' : 'organisation data deleted',
      );
      return { status: 'finished', done: steps.length, steps: steps.length, deleted, seconds };
    } catch (error) {
      if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
      if (error instanceof DeletionCancelled)
        this.log.info(
          { organisationId: rootId, whole },
          'deletion cancelled by the client; rolled back, nothing deleted',
        );
      throw error;
    }
  }

  private async step<T>(trx: DeletionTransaction, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await this.repository.savepoint(trx);
      try {
        const result = await run();
        await this.repository.release(trx);
        return result;
      } catch (error) {
        if (attempt >= STEP_ATTEMPTS || !isPostgresError(error, DEADLOCK_DETECTED)) throw error;
        await this.repository.rollbackToSavepoint(trx);
        await this.repository.release(trx);
      }
    }
  }
}
