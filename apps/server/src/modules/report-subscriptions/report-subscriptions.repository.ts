import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ReportSubscriptionTable } from '../../db/schema.js';
import type { Frequency } from './report-period.js';

export type SubscriptionRow = Selectable<ReportSubscriptionTable>;

/** A subscription with the names its answer shows. */
export type SubscriptionView = SubscriptionRow & { user_name: string; group_name: string | null };

export interface DeliveryView {
  id: number;
  subscription_id: number;
  kind: SubscriptionRow['kind'];
  frequency: SubscriptionRow['frequency'];
  email: string;
  period_start: string;
  period_end: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  sent_at: Date | null;
}

/** A delivery claimed for sending, with its subscription and recipient. */
export type ClaimedDelivery = DeliveryView & {
  organisation_id: number;
  user_id: number;
  user_role: string;
  user_organisation_id: number;
  group_id: number | null;
  group_name: string | null;
  organisation_name: string;
  language: 'en' | 'nl';
};

/** A period due for a subscription: the deliveries the job makes. */
export interface DuePeriod {
  subscriptionId: number;
  start: string;
  end: string;
}

const DELIVERY_COLUMNS = sql`
  d.id, d.subscription_id, s.kind, s.frequency, s.email, d.period_start::text AS period_start,
  d.period_end::text AS period_end, d.status, d.attempts, d.last_error, d.next_attempt_at,
  d.created_at, d.sent_at`;

/** Subscriptions and their deliveries (migration 0023). */
export class ReportSubscriptionsRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's subscriptions, or only those of `userId`, newest first. */
  async list(organisationId: number, userId?: number): Promise<SubscriptionView[]> {
    const { rows } = await sql<SubscriptionView>`
      SELECT s.*, u.name AS user_name, g.name AS group_name
        FROM report_subscriptions s
        JOIN users u ON u.id = s.user_id
        LEFT JOIN groups g ON g.id = s.group_id
       WHERE s.organisation_id = ${organisationId}
         AND (${userId ?? null}::int IS NULL OR s.user_id = ${userId ?? null})
       ORDER BY s.id DESC`.execute(this.db);
    return rows;
  }

  async find(id: number): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('report_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async create(values: Omit<SubscriptionRow, 'id' | 'created_at'>): Promise<SubscriptionView> {
    const { id } = await this.db
      .insertInto('report_subscriptions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    const [created] = (await this.list(values.organisation_id)).filter((s) => s.id === id);
    return created!;
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('report_subscriptions').where('id', '=', id).execute();
  }

  /** A user's organisation and role (a recipient), or undefined. */
  async user(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'organisation_id', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async groupOrganisation(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('groups')
      .select('organisation_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.organisation_id;
  }

  async defaultLanguage(organisationId: number): Promise<'en' | 'nl'> {
    const row = await this.db
      .selectFrom('organisation_settings')
      .select('default_language')
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    return row?.default_language ?? 'en';
  }

  /** The deliveries of the organisation's subscriptions (or of `userId`'s), newest first. */
  async deliveries(organisationId: number, userId: number | undefined, limit: number) {
    const { rows } = await sql<DeliveryView>`
      SELECT ${DELIVERY_COLUMNS}
        FROM report_deliveries d JOIN report_subscriptions s ON s.id = d.subscription_id
       WHERE s.organisation_id = ${organisationId}
         AND (${userId ?? null}::int IS NULL OR s.user_id = ${userId ?? null})
       ORDER BY d.period_start DESC, d.id DESC
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Every subscription's frequency, to work out the periods due. */
  async frequencies(): Promise<{ id: number; frequency: Frequency }[]> {
    return this.db.selectFrom('report_subscriptions').select(['id', 'frequency']).execute();
  }

  /**
   * One delivery per subscription and period: a period already there (made by this or another
   * process) is left as it is. Answers how many were new.
   */
  async addDue(due: DuePeriod[]): Promise<number> {
    if (due.length === 0) return 0;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO report_deliveries (subscription_id, period_start, period_end)
      SELECT * FROM unnest(${due.map((d) => d.subscriptionId)}::int[],
                           ${due.map((d) => d.start)}::date[], ${due.map((d) => d.end)}::date[])
      ON CONFLICT (subscription_id, period_start) DO NOTHING
      RETURNING id`.execute(this.db);
    return rows.length;
  }

  /**
   * Deliveries due, claimed: their next try moves a few minutes ahead in the same statement
   * (FOR UPDATE SKIP LOCKED: another process takes others), so a process that dies while
   * sending leaves them to be tried again then.
   */
  async claim(limit: number): Promise<ClaimedDelivery[]> {
    const { rows } = await sql<ClaimedDelivery>`
      WITH due AS (
        SELECT id FROM report_deliveries
         WHERE status = 'PENDING' AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id FOR UPDATE SKIP LOCKED LIMIT ${limit}),
      claimed AS (
        UPDATE report_deliveries d SET next_attempt_at = now() + interval '5 minutes'
          FROM due WHERE d.id = due.id RETURNING d.*)
      SELECT ${DELIVERY_COLUMNS}, s.organisation_id, s.user_id, s.group_id, s.language,
             u.role AS user_role, u.organisation_id AS user_organisation_id,
             g.name AS group_name, o.name AS organisation_name
        FROM claimed d
        JOIN report_subscriptions s ON s.id = d.subscription_id
        JOIN users u ON u.id = s.user_id
        JOIN organisations o ON o.id = s.organisation_id
        LEFT JOIN groups g ON g.id = s.group_id
       ORDER BY d.id`.execute(this.db);
    return rows;
  }

  async sent(id: number): Promise<void> {
    await sql`
      UPDATE report_deliveries
         SET status = 'SENT', attempts = attempts + 1, last_error = NULL, sent_at = now()
       WHERE id = ${id}`.execute(this.db);
  }

  /** A failed try: again after `retrySeconds`, or FAILED for good without. */
  async failed(id: number, error: string, retrySeconds: number | undefined): Promise<void> {
    await sql`
      UPDATE report_deliveries
         SET attempts = attempts + 1, last_error = ${error.slice(0, 500)},
             status = ${retrySeconds === undefined ? 'FAILED' : 'PENDING'},
             next_attempt_at = now() + make_interval(secs => ${retrySeconds ?? 0})
       WHERE id = ${id}`.execute(this.db);
  }

  /** Without SMTP the due deliveries stay PENDING with the reason shown (nothing dropped). */
  async waitingForSmtp(reason: string): Promise<void> {
    await sql`
      UPDATE report_deliveries SET last_error = ${reason}
       WHERE status = 'PENDING' AND last_error IS DISTINCT FROM ${reason}`.execute(this.db);
  }
}
