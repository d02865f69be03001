import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §4, scheduled reports by e-mail (modules/report-subscriptions, docs/reports.md).
 *
 * - report_subscriptions: a user of the organisation receives a DAILY, WEEKLY or MONTHLY
 *   report of a kind (DRIVING_STYLE, SAFETY_EVENTS, ZONE_VISITS), optionally for one group, at
 *   an e-mail address in a language; created by the user or by a manager of the organisation.
 * - report_deliveries: one row per subscription and period (UNIQUE: the job inserts ON CONFLICT
 *   DO NOTHING, so several processes make one), claimed FOR UPDATE SKIP LOCKED; PENDING until
 *   sent (also while no SMTP is configured: the outbox), retried with backoff, FAILED after the
 *   last try; the history users see.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_subscriptions (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_by      integer REFERENCES users (id) ON DELETE SET NULL,
      kind            text NOT NULL CHECK (kind IN ('DRIVING_STYLE', 'SAFETY_EVENTS', 'ZONE_VISITS')),
      frequency       text NOT NULL CHECK (frequency IN ('DAILY', 'WEEKLY', 'MONTHLY')),
      group_id        integer REFERENCES groups (id) ON DELETE CASCADE,
      email           text NOT NULL,
      language        text NOT NULL CHECK (language IN ('en', 'nl')),
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX report_subscriptions_organisation_idx ON report_subscriptions (organisation_id);
    CREATE INDEX report_subscriptions_user_idx ON report_subscriptions (user_id);

    CREATE TABLE report_deliveries (
      id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      subscription_id integer NOT NULL REFERENCES report_subscriptions (id) ON DELETE CASCADE,
      period_start    date NOT NULL,
      period_end      date NOT NULL,
      status          text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
      attempts        integer NOT NULL DEFAULT 0,
      last_error      text,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      created_at      timestamptz NOT NULL DEFAULT now(),
      sent_at         timestamptz,
      UNIQUE (subscription_id, period_start)
    );
    CREATE INDEX report_deliveries_due_idx ON report_deliveries (next_attempt_at)
      WHERE status = 'PENDING';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_deliveries, report_subscriptions`.execute(db);
}
