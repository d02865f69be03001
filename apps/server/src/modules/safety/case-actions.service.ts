import type {
  AccessTokenClaims,
  SafetyActionInput,
  SafetyBulkInput,
  SafetyBulkResult,
} from '@fleet/contract';
import { ErrorCode, permissions } from '@fleet/contract';
import { badRequest, HttpError } from '../../lib/http-error.js';
import type { SafetyAccess, SafetyActor } from '../access/index.js';
import { addDays, inputProblem, transition } from './case-status.js';
import type { CaseChange, CaseWritesRepository, LockedCase } from './case-writes.repository.js';
import type { SafetyRepository } from './safety.repository.js';

/** An event left the scores or came back: the engine derives that asset-day again. */
export type ScoreChanged = (assetId: number, eventTime: Date) => Promise<void>;

type Refusal = SafetyBulkResult['refusals'][number];

/** Thrown inside a bulk transaction to roll it back with the refusals. */
class Refused extends Error {
  constructor(readonly refusals: Refusal[]) {
    super('refused');
  }
}

const CODES: Record<number, string> = {
  400: ErrorCode.VALIDATION_ERROR,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
};

/**
 * The status machine applied (issue 20 §2): one case, or many all-or-nothing. Each change is
 * decided on the locked case (so two reviewers cannot both dismiss it) and recorded in its
 * history with who, when and why; a dismissal and its undo reach the scores after the commit.
 */
export class CaseActionsService {
  constructor(
    private readonly repository: SafetyRepository,
    private readonly writes: CaseWritesRepository,
    private readonly safetyAccess: SafetyAccess,
    private readonly scoreChanged: ScoreChanged,
    private readonly onScoreFailure: (error: unknown) => void,
  ) {}

  /** One action on one case; 404 outside the subtree, 403 for the role, 409 for the status. */
  async act(user: AccessTokenClaims, actor: SafetyActor, id: number, input: SafetyActionInput) {
    const found = await this.repository.find(id);
    const subject = found && {
      organisationId: found.organisation_id,
      driverId: found.driver_id,
      driversSeeClips: found.drivers_see_clips,
    };
    await this.safetyAccess.case(user, actor, subject, `Safety case ${id}`, input.action);
    const result = await this.run(user, found!.organisation_id, [id], input);
    if (result.refusals.length) {
      const [refusal] = result.refusals;
      throw new HttpError(statusOf(refusal!.code), refusal!.code, refusal!.message);
    }
  }

  /** One action on many cases of an organisation: all of them, or none and the refusals. */
  async bulk(
    user: AccessTokenClaims,
    actor: SafetyActor,
    organisationId: number,
    input: SafetyBulkInput,
  ): Promise<SafetyBulkResult> {
    const { caseIds, ...action } = input;
    await this.safetyAccess.organisation(user, actor, organisationId, 'LIST');
    // A DRIVER acknowledges their own cases among them: each case is asked below.
    if (action.action !== 'ACKNOWLEDGE' || permissions.manageFleet(actor.role))
      this.safetyAccess.assert(actor, action.action);
    const result = await this.run(user, organisationId, caseIds, action, actor);
    // Many cases: each refusal names its case.
    const named = (r: Refusal) =>
      r.code === ErrorCode.NOT_FOUND
        ? r
        : { ...r, message: `Safety case ${r.caseId}: ${r.message}` };
    return { ...result, refusals: result.refusals.map(named) };
  }

  private async run(
    user: AccessTokenClaims,
    organisationId: number,
    ids: number[],
    input: SafetyActionInput,
    actor?: SafetyActor,
  ): Promise<SafetyBulkResult> {
    const today = await this.repository.todayText();
    const problem = inputProblem(input, today);
    if (problem) throw badRequest(problem);
    if (input.coachUserId !== undefined)
      await this.assertCoach(user, organisationId, input.coachUserId);
    const name = await this.repository.userName(user.user_id);
    const dueDays = (await this.repository.settings(organisationId)).dueDays;
    let changes: CaseChange[];
    try {
      changes = await this.writes.transaction(async (trx) => {
        const locked = await this.writes.lock(trx, ids);
        const planned = await this.plan(locked, ids, organisationId, input, actor);
        const refusals = planned.filter((p): p is Refusal => 'code' in p);
        if (refusals.length) throw new Refused(refusals);
        const made = (planned as Omit<CaseChange, 'user' | 'coachUserId' | 'dueDate'>[]).map(
          (p) => ({ ...p, user: { id: user.user_id, name } }),
        );
        for (const change of made) {
          await this.complete(change, locked, input, user, today, dueDays);
          await this.writes.apply(trx, change);
        }
        return made;
      });
    } catch (error) {
      if (error instanceof Refused) return { applied: 0, refusals: error.refusals };
      throw error;
    }
    await this.moveScores(changes);
    return { applied: changes.length, refusals: [] };
  }

  /** Each case's change, or why it refuses (missing, another organisation's, not own, status). */
  private async plan(
    locked: LockedCase[],
    ids: number[],
    organisationId: number,
    input: SafetyActionInput,
    actor?: SafetyActor,
  ) {
    const byId = new Map(locked.map((c) => [c.id, c]));
    return ids.map((id): Refusal | Omit<CaseChange, 'user'> => {
      const c = byId.get(id);
      if (!c || c.organisation_id !== organisationId)
        return {
          caseId: id,
          code: ErrorCode.NOT_FOUND,
          message: `Safety case ${id} does not exist`,
        };
      if (
        actor &&
        !this.safetyAccess.may(actor, input.action, {
          driverId: c.driver_id,
          driversSeeClips: c.drivers_see_clips,
        })
      )
        return {
          caseId: id,
          code: ErrorCode.FORBIDDEN,
          message: 'Drivers act on their own cases only',
        };
      const undoTo = c.last_change_id === null ? null : c.last_change_from;
      const moved = transition(
        { status: c.status, acknowledged: c.acknowledged_at !== null, undoTo },
        input.action,
      );
      if (!moved.ok)
        return {
          caseId: id,
          code: CODES[moved.status]!,
          message: moved.message,
        };
      return {
        caseId: id,
        action: input.action,
        from: c.status,
        to: moved.to,
        reason: input.reason,
        text: input.text,
        method: input.method,
        notes: input.notes,
        ...(input.action === 'UNDO'
          ? { undoes: { id: c.last_change_id!, action: c.last_change_action! } }
          : {}),
      };
    });
  }

  /** COACH without a coach or due date: the group's coach (else the reviewer), today + due days. */
  private async complete(
    change: CaseChange,
    locked: LockedCase[],
    input: SafetyActionInput,
    user: AccessTokenClaims,
    today: string,
    dueDays: number,
  ) {
    change.coachUserId = input.coachUserId;
    change.dueDate = input.dueDate;
    if (input.action !== 'COACH') return;
    const c = locked.find((l) => l.id === change.caseId)!;
    change.coachUserId ??= (await this.repository.groupCoach(c)) ?? user.user_id;
    change.dueDate ??= addDays(today, dueDays);
  }

  /** A coach must be able to see the case: a fleet manager of its organisation or above. */
  private async assertCoach(user: AccessTokenClaims, organisationId: number, coachUserId: number) {
    const coaches = await this.repository.coaches(organisationId, user.organisation_id);
    if (!coaches.some((c) => c.id === coachUserId) && coachUserId !== user.user_id)
      throw badRequest(
        `User ${coachUserId} cannot coach these cases: a coach manages the fleet of the organisation or one above it`,
      );
  }

  /** Dismissals and their undoing: the asset-days of those events are derived again. */
  private async moveScores(changes: CaseChange[]) {
    const moved = changes.filter(
      (c) => c.action === 'DISMISS' || (c.action === 'UNDO' && c.undoes?.action === 'DISMISS'),
    );
    if (!moved.length) return;
    const events = await this.repository.eventsOf(moved.map((c) => c.caseId));
    for (const e of events) {
      // The change is committed; a failing queue is logged, and the next re-process fixes it.
      await this.scoreChanged(e.asset_id, e.event_time).catch(this.onScoreFailure);
    }
  }
}

const statusOf = (code: string) =>
  Number(Object.entries(CODES).find(([, c]) => c === code)?.[0] ?? 409);
