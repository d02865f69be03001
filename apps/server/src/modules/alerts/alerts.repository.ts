import { sql, type Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import type { AlertRuleTable, Database } from '../../db/schema.js';

export type RuleRow = Selectable<AlertRuleTable>;
export type RuleChange = Partial<
  Omit<RuleRow, 'id' | 'organisation_id' | 'created_at' | 'email_to'>
> & {
  email_to?: string;
};

/** Something a rule may fire on: from the queue, or found by the silent-device scan. */
export interface Occurrence {
  kind: string;
  assetId: number;
  occurredAt: Date;
  detail: string | null;
  /** zone kinds: the zone */
  zoneId?: number | null;
  /** with the rule, what makes it one occurrence (its unique key) */
  reference: string;
}

/** A rule and the asset it fires for, with the names the messages need. */
export interface Firing {
  rule: RuleRow;
  occurrence: Occurrence;
  assetName: string;
  assetOrganisationId: number;
}

export interface NewNotification {
  id: string;
  digest: boolean;
}

/** The rules of an organisation, the queue, notifications and their deliveries (modules/alerts). */
export class AlertsRepository {
  constructor(private readonly db: Db) {}

  listRules(organisationId: number): Promise<RuleRow[]> {
    return this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  findRule(id: number): Promise<RuleRow | undefined> {
    return this.db.selectFrom('alert_rules').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async createRule(organisationId: number, change: RuleChange & { name: string; kind: string }) {
    return this.db
      .insertInto('alert_rules')
      .values({ ...change, organisation_id: organisationId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateRule(id: number, change: RuleChange) {
    return this.db
      .updateTable('alert_rules')
      .set(change)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteRule(id: number): Promise<void> {
    await this.db.deleteFrom('alert_rules').where('id', '=', id).execute();
  }

  /** An asset's or group's organisation, to check a scope. */
  async scopeOrganisation(table: 'assets' | 'groups', id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom(table)
      .select('organisation_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.organisation_id;
  }

  /** A zone's organisation (not deleted), to check a zone rule. */
  async zoneOrganisation(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('zones')
      .select('organisation_id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.organisation_id;
  }

  /** Takes up to `limit` queued occurrences, locked for this transaction (others skip them). */
  async takeQueued(trx: Executor, limit: number): Promise<Occurrence[]> {
    const { rows } = await sql<{
      kind: string;
      asset_id: number;
      occurred_at: Date;
      detail: string | null;
      zone_id: number | null;
      reference: string;
    }>`
      DELETE FROM alert_queue WHERE id IN (
        SELECT id FROM alert_queue ORDER BY id FOR UPDATE SKIP LOCKED LIMIT ${limit})
      RETURNING kind, asset_id, occurred_at, detail, zone_id, reference`.execute(trx);
    return rows.map((r) => ({
      kind: r.kind,
      assetId: r.asset_id,
      occurredAt: r.occurred_at,
      detail: r.detail,
      zoneId: r.zone_id,
      reference: r.reference,
    }));
  }

  /** The enabled rules of the asset's organisation and those above it whose kind and scope match. */
  async rulesFor(trx: Executor, o: Occurrence): Promise<Firing[]> {
    const { rows } = await sql<RuleRow & { asset_name: string; asset_organisation_id: number }>`
      WITH RECURSIVE up AS (
        SELECT o.id, o.parent_id FROM organisations o
          JOIN assets a ON a.organisation_id = o.id WHERE a.id = ${o.assetId}
        UNION ALL
        SELECT o.id, o.parent_id FROM organisations o JOIN up ON o.id = up.parent_id)
      SELECT r.*, a.name AS asset_name, a.organisation_id AS asset_organisation_id
        FROM alert_rules r, assets a
       WHERE a.id = ${o.assetId} AND r.enabled AND r.kind = ${o.kind}
         AND r.organisation_id IN (SELECT id FROM up)
         AND (r.event_type IS NULL OR r.event_type = ${o.detail})
         AND (r.zone_id IS NULL OR r.zone_id = ${o.zoneId ?? null}::integer)
         AND (r.asset_id IS NULL OR r.asset_id = a.id)
         AND (r.group_id IS NULL OR EXISTS (
               SELECT 1 FROM group_assets g WHERE g.group_id = r.group_id AND g.asset_id = a.id))
         AND r.created_at - interval '5 minutes' <= ${o.occurredAt}
       ORDER BY r.id`.execute(trx);
    return rows.map(({ asset_name, asset_organisation_id, ...rule }) => ({
      rule,
      occurrence: o,
      assetName: asset_name,
      assetOrganisationId: asset_organisation_id,
    }));
  }

  /** Silent devices: each (rule, asset) whose last record is older than the rule's minutes. */
  async silentFirings(trx: Executor): Promise<Firing[]> {
    const { rows } = await sql<
      RuleRow & {
        asset_id_: number;
        asset_name: string;
        asset_organisation_id: number;
        last_time: Date;
      }
    >`
      WITH RECURSIVE tree(rule_id, organisation_id) AS (
        SELECT r.id, r.organisation_id FROM alert_rules r WHERE r.enabled AND r.kind = 'silent'
        UNION ALL
        SELECT t.rule_id, o.id FROM organisations o JOIN tree t ON o.parent_id = t.organisation_id)
      SELECT r.*, a.id AS asset_id_, a.name AS asset_name, a.organisation_id AS asset_organisation_id,
             s.last_time
        FROM tree t JOIN alert_rules r ON r.id = t.rule_id
        JOIN assets a ON a.organisation_id = t.organisation_id
        JOIN asset_state s ON s.asset_id = a.id
       WHERE s.last_time < now() - make_interval(mins => r.silent_minutes)
         AND s.last_time > now() - make_interval(mins => r.silent_minutes) - interval '1 day'
         AND (r.asset_id IS NULL OR r.asset_id = a.id)
         AND (r.group_id IS NULL OR EXISTS (
               SELECT 1 FROM group_assets g WHERE g.group_id = r.group_id AND g.asset_id = a.id))
       ORDER BY r.id, a.id`.execute(trx);
    return rows.map(({ asset_id_, asset_name, asset_organisation_id, last_time, ...rule }) => ({
      rule: { ...rule, asset_id: rule.asset_id },
      occurrence: {
        kind: 'silent',
        assetId: asset_id_,
        occurredAt: new Date(last_time.getTime() + (rule.silent_minutes ?? 0) * 60_000),
        detail: null,
        reference: `silent since ${last_time.toISOString()}`,
      },
      assetName: asset_name,
      assetOrganisationId: asset_organisation_id,
    }));
  }

  /** Serialises the firings of one rule (its throttle count) across processes. */
  async lockRule(trx: Executor, ruleId: number): Promise<void> {
    await sql`SELECT id FROM alert_rules WHERE id = ${ruleId} FOR UPDATE`.execute(trx);
  }

  /** Notifications (not suppressed, not digests) of the rule in the last window. */
  async recentCount(trx: Executor, ruleId: number, windowMinutes: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM alert_notifications
       WHERE rule_id = ${ruleId} AND NOT suppressed AND digest_count IS NULL
         AND created_at > clock_timestamp() - make_interval(mins => ${windowMinutes})`.execute(trx);
    return rows[0]?.n ?? 0;
  }

  /** The one notification of a rule and occurrence: its id, or undefined when it was there. */
  async insertOnce(trx: Executor, f: Firing, suppressed: boolean): Promise<string | undefined> {
    const row = await trx
      .insertInto('alert_notifications')
      .values({
        rule_id: f.rule.id,
        organisation_id: f.assetOrganisationId,
        asset_id: f.occurrence.assetId,
        occurrence: f.occurrence.reference,
        kind: f.occurrence.kind,
        detail: f.occurrence.detail,
        occurred_at: f.occurrence.occurredAt,
        suppressed,
      })
      .onConflict((oc) => oc.columns(['rule_id', 'occurrence']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The window's digest: counted up; its id when this occurrence opened it. */
  async countInDigest(trx: Executor, f: Firing, window: string): Promise<string | undefined> {
    const { rows } = await sql<{ id: string; opened: boolean }>`
      INSERT INTO alert_notifications
        (rule_id, organisation_id, asset_id, occurrence, kind, detail, occurred_at, digest_count)
      VALUES (${f.rule.id}, ${f.assetOrganisationId}, ${f.occurrence.assetId}, ${window},
              ${f.occurrence.kind}, ${f.occurrence.detail}, ${f.occurrence.occurredAt}, 1)
      ON CONFLICT (rule_id, occurrence)
        DO UPDATE SET digest_count = alert_notifications.digest_count + 1
      RETURNING id, (xmax = 0) AS opened`.execute(trx);
    return rows[0]?.opened ? rows[0].id : undefined;
  }

  /**
   * The users it is for: of the rule's organisation and those between it and the asset's (who
   * may see the asset: the subtree rule), no DRIVER for a monitoring (as its API).
   */
  async addRecipients(trx: Executor, notificationId: string, f: Firing): Promise<number> {
    const { rows } = await sql<{ user_id: number }>`
      WITH RECURSIVE up AS (
        SELECT o.id, o.parent_id, 0 AS depth FROM organisations o WHERE o.id = ${f.assetOrganisationId}
        UNION ALL
        SELECT o.id, o.parent_id, up.depth + 1 FROM organisations o JOIN up ON o.id = up.parent_id),
      path AS (
        SELECT id FROM up WHERE depth <= (SELECT depth FROM up WHERE id = ${f.rule.organisation_id}))
      INSERT INTO alert_recipients (notification_id, user_id)
      SELECT ${notificationId}, u.id FROM users u
       WHERE u.organisation_id IN (SELECT id FROM path)
         AND (${f.occurrence.kind} <> 'monitoring' OR u.role <> 'DRIVER')
      ON CONFLICT DO NOTHING
      RETURNING user_id`.execute(trx);
    return rows.length;
  }

  async queueMails(
    trx: Executor,
    mails: {
      organisation_id: number;
      notification_id: string;
      to_address: string;
      language: string;
      subject: string;
      body: string;
    }[],
  ): Promise<void> {
    if (mails.length > 0) await trx.insertInto('alert_mail_outbox').values(mails).execute();
  }

  async queueWebhook(
    trx: Executor,
    delivery: { notification_id: string; url: string; secret: string | null; body: string },
  ): Promise<void> {
    await trx.insertInto('alert_webhook_deliveries').values(delivery).execute();
  }

  // The signed-in user's notifications.

  async notifications(userId: number, limit: number) {
    const items = await this.db
      .selectFrom('alert_recipients as rc')
      .innerJoin('alert_notifications as n', 'n.id', 'rc.notification_id')
      .innerJoin('alert_rules as r', 'r.id', 'n.rule_id')
      .leftJoin('assets as a', 'a.id', 'n.asset_id')
      .select([
        'n.id',
        'n.rule_id',
        'r.name as rule_name',
        'n.kind',
        'n.detail',
        'n.asset_id',
        'a.name as asset_name',
        'n.occurred_at',
        'n.created_at',
        'n.digest_count',
        'rc.read_at',
      ])
      .where('rc.user_id', '=', userId)
      .orderBy('n.id', 'desc')
      .limit(limit)
      .execute();
    const unread = await this.db
      .selectFrom('alert_recipients')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { items, unread: Number(unread.n) };
  }

  /** The user's unread notifications up to `upTo` become read. */
  async markAllRead(userId: number, upTo: number): Promise<void> {
    await this.db
      .updateTable('alert_recipients')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .where('notification_id', '<=', String(upTo))
      .execute();
  }

  /** Marks one read; false when it is not this user's. */
  async markRead(userId: number, notificationId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_recipients')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('notification_id', '=', String(notificationId))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0
      ? true
      : (await this.db
          .selectFrom('alert_recipients')
          .select('user_id')
          .where('user_id', '=', userId)
          .where('notification_id', '=', String(notificationId))
          .executeTakeFirst()) !== undefined;
  }

  mails(organisationId: number, limit: number) {
    return this.db
      .selectFrom('alert_mail_outbox')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  // Deliveries: claimed for a minute, so another process does not send them at the same time.

  claimMails(limit: number) {
    return this.claim('alert_mail_outbox', limit);
  }

  claimWebhooks(limit: number) {
    return this.claim('alert_webhook_deliveries', limit);
  }

  private async claim<T extends 'alert_mail_outbox' | 'alert_webhook_deliveries'>(
    table: T,
    limit: number,
  ): Promise<Selectable<Database[T]>[]> {
    const { rows } = await sql<Selectable<Database[T]>>`
      UPDATE ${sql.table(table)} SET next_attempt_at = now() + interval '1 minute'
       WHERE id IN (SELECT id FROM ${sql.table(table)}
                     WHERE status = 'PENDING' AND next_attempt_at <= now()
                     ORDER BY id FOR UPDATE SKIP LOCKED LIMIT ${limit})
      RETURNING *`.execute(this.db);
    return rows;
  }

  async mailSent(id: string): Promise<void> {
    await this.db
      .updateTable('alert_mail_outbox')
      .set({
        status: 'SENT',
        sent_at: new Date(),
        last_error: null,
        attempts: (eb) => eb('attempts', '+', 1),
      })
      .where('id', '=', id)
      .execute();
  }

  async webhookDelivered(id: string): Promise<void> {
    await this.db
      .updateTable('alert_webhook_deliveries')
      .set({
        status: 'DELIVERED',
        delivered_at: new Date(),
        last_error: null,
        attempts: (eb) => eb('attempts', '+', 1),
      })
      .where('id', '=', id)
      .execute();
  }

  /** A failed try: again after `retrySeconds`, or FAILED when there is none left. */
  async failed(
    table: 'alert_mail_outbox' | 'alert_webhook_deliveries',
    id: string,
    error: string,
    retrySeconds: number | undefined,
  ): Promise<void> {
    await sql`
      UPDATE ${sql.table(table)}
         SET attempts = attempts + 1, last_error = ${error.slice(0, 500)},
             status = ${retrySeconds === undefined ? 'FAILED' : 'PENDING'},
             next_attempt_at = now() + make_interval(secs => ${retrySeconds ?? 0})
       WHERE id = ${id}`.execute(this.db);
  }
}
