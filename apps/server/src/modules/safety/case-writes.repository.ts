import { sql, type Transaction } from 'kysely';
import type { SafetyAction, SafetyCaseStatus } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { STATUS_CHANGES } from './case-status.js';

type Trx = Transaction<Database>;

/** A case as an action needs it, locked for the action's transaction. */
export interface LockedCase {
  id: number;
  organisation_id: number;
  asset_id: number;
  driver_id: number | null;
  event_time: Date;
  status: SafetyCaseStatus;
  acknowledged_at: Date | null;
  drivers_see_clips: boolean;
  /** the last status change not undone: its history entry, action and the status it left */
  last_change_id: number | null;
  last_change_action: SafetyAction | null;
  last_change_from: SafetyCaseStatus | null;
}

/** One change to write: the case's new fields and its history entry. */
export interface CaseChange {
  caseId: number;
  action: SafetyAction;
  from: SafetyCaseStatus;
  to: SafetyCaseStatus;
  user: { id: number; name: string | null };
  reason?: string;
  text?: string;
  coachUserId?: number;
  dueDate?: string;
  method?: string;
  notes?: string;
  /** UNDO: the entry it takes back and that entry's action */
  undoes?: { id: number; action: SafetyAction };
}

/** The writes of the status machine: lock, change, record; all in the caller's transaction. */
export class CaseWritesRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The cases, locked in id order (two bulk actions cannot deadlock), with their last change. */
  async lock(trx: Trx, ids: number[]): Promise<LockedCase[]> {
    const { rows } = await sql<LockedCase>`
      WITH locked AS (
        SELECT id, organisation_id, asset_id, driver_id, event_time, status, acknowledged_at
          FROM safety_cases WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR UPDATE)
      SELECT l.*, coalesce(s.drivers_see_clips, true) AS drivers_see_clips,
             h.id AS last_change_id, h.action AS last_change_action, h.from_status AS last_change_from
        FROM locked l
        LEFT JOIN safety_settings s ON s.organisation_id = l.organisation_id
        LEFT JOIN LATERAL (
          SELECT id, action, from_status FROM safety_case_history
           WHERE case_id = l.id AND undone_at IS NULL AND action = ANY(${[...STATUS_CHANGES]}::text[])
           ORDER BY id DESC LIMIT 1) h ON true
       ORDER BY l.id`.execute(trx);
    return rows;
  }

  async apply(trx: Trx, change: CaseChange): Promise<void> {
    await this.update(trx, change);
    if (change.undoes)
      await sql`UPDATE safety_case_history SET undone_at = now() WHERE id = ${change.undoes.id}`.execute(
        trx,
      );
    await trx
      .insertInto('safety_case_history')
      .values({
        case_id: change.caseId,
        user_id: change.user.id,
        user_name: change.user.name,
        action: change.action,
        from_status: change.from,
        to_status: change.to,
        reason: change.reason ?? null,
        text: change.text ?? null,
        coach_user_id: change.coachUserId ?? null,
        due_date: change.dueDate ?? null,
        method: change.method ?? null,
        notes: change.notes ?? null,
      })
      .execute();
  }

  /** The case's fields after the change (an UNDO clears what the undone action set). */
  private async update(trx: Trx, change: CaseChange): Promise<void> {
    const set = this.fields(change);
    await trx
      .updateTable('safety_cases')
      .set({ ...set, status: change.to, updated_at: sql`now()` })
      .where('id', '=', change.caseId)
      .execute();
  }

  private fields(change: CaseChange) {
    switch (change.action) {
      case 'DISMISS':
        return { dismissal_reason: change.reason ?? null };
      case 'COACH':
      case 'REASSIGN':
        return {
          ...(change.coachUserId !== undefined ? { coach_user_id: change.coachUserId } : {}),
          ...(change.dueDate !== undefined ? { due_date: change.dueDate } : {}),
        };
      case 'COACHED':
        return { coached_at: sql<Date>`now()`, coaching_method: change.method ?? null };
      case 'ACKNOWLEDGE':
        return { acknowledged_at: sql<Date>`now()` };
      case 'UNDO':
        return undoneFields(change.undoes?.action);
      default:
        return {};
    }
  }
}

/** What an undone action had set, cleared. */
function undoneFields(action: SafetyAction | undefined) {
  switch (action) {
    case 'DISMISS':
      return { dismissal_reason: null };
    case 'COACH':
      return { coach_user_id: null, due_date: null, acknowledged_at: null };
    case 'COACHED':
      return { coached_at: null, coaching_method: null };
    default:
      return {};
  }
}
