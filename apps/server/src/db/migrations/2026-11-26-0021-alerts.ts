import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §2, alert rules and notifications (modules/alerts).
 *
 * - alert_rules: per organisation; `kind` is an open text (event, silent, monitoring,
 *   mediaFailed today; zones and cases later), scoped to all, a group or an asset, active in
 *   chosen hours and days of the fleet's zone.
 * - alert_queue: what happened that a rule may fire on, written by triggers on the tables the
 *   engine, the monitorings and the device channel already write (their code is not touched),
 *   and announced on `alert_queue` so a listening server process takes it within a moment.
 * - alert_notifications: one row per rule and occurrence (UNIQUE: several processes insert it
 *   once, ON CONFLICT DO NOTHING); throttled occurrences are kept as suppressed and counted
 *   in the window's one digest.
 * - alert_recipients: who a notification is for and when they read it; a new row announces a
 *   `notification` push event for that user on fleet_events (migration 0017).
 * - alert_mail_outbox and alert_webhook_deliveries: what leaves, with tries and state; without
 *   SMTP the e-mails are kept there (never dropped) and shown to managers.
 */
const TABLES = sql`
  CREATE TABLE alert_rules (
    id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    name            text NOT NULL,
    kind            text NOT NULL,
    event_type      text,
    silent_minutes  integer,
    group_id        integer REFERENCES groups (id) ON DELETE CASCADE,
    asset_id        integer REFERENCES assets (id) ON DELETE CASCADE,
    active_days     integer NOT NULL DEFAULT 127,
    active_from     integer NOT NULL DEFAULT 0,
    active_until    integer NOT NULL DEFAULT 1440,
    notify_portal   boolean NOT NULL DEFAULT true,
    email_to        jsonb NOT NULL DEFAULT '[]',
    webhook_url     text,
    webhook_secret  text,
    throttle_limit  integer NOT NULL DEFAULT 10,
    enabled         boolean NOT NULL DEFAULT true,
    created_at      timestamptz NOT NULL DEFAULT now(),
    CHECK (group_id IS NULL OR asset_id IS NULL)
  );
  CREATE INDEX alert_rules_kind_idx ON alert_rules (kind, event_type) WHERE enabled;
  CREATE INDEX alert_rules_organisation_idx ON alert_rules (organisation_id);

  CREATE TABLE alert_queue (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind        text NOT NULL,
    asset_id    integer NOT NULL,
    occurred_at timestamptz NOT NULL,
    detail      text,
    reference   text NOT NULL,
    queued_at   timestamptz NOT NULL DEFAULT clock_timestamp()
  );

  CREATE TABLE alert_notifications (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    rule_id         integer NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
    organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    asset_id        integer REFERENCES assets (id) ON DELETE CASCADE,
    occurrence      text NOT NULL,
    kind            text NOT NULL,
    detail          text,
    occurred_at     timestamptz NOT NULL,
    suppressed      boolean NOT NULL DEFAULT false,
    digest_count    integer,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (rule_id, occurrence)
  );
  CREATE INDEX alert_notifications_recent_idx ON alert_notifications (rule_id, created_at);

  CREATE TABLE alert_recipients (
    notification_id bigint NOT NULL REFERENCES alert_notifications (id) ON DELETE CASCADE,
    user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    read_at         timestamptz,
    PRIMARY KEY (user_id, notification_id)
  );

  CREATE TABLE alert_mail_outbox (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    notification_id bigint REFERENCES alert_notifications (id) ON DELETE SET NULL,
    to_address      text NOT NULL,
    language        text NOT NULL,
    subject         text NOT NULL,
    body            text NOT NULL,
    status          text NOT NULL DEFAULT 'PENDING',
    attempts        integer NOT NULL DEFAULT 0,
    last_error      text,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    created_at      timestamptz NOT NULL DEFAULT now(),
    sent_at         timestamptz
  );
  CREATE INDEX alert_mail_outbox_due_idx ON alert_mail_outbox (next_attempt_at) WHERE status = 'PENDING';
  CREATE INDEX alert_mail_outbox_organisation_idx ON alert_mail_outbox (organisation_id, id);

  CREATE TABLE alert_webhook_deliveries (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    notification_id bigint NOT NULL REFERENCES alert_notifications (id) ON DELETE CASCADE,
    url             text NOT NULL,
    secret          text,
    body            text NOT NULL,
    status          text NOT NULL DEFAULT 'PENDING',
    attempts        integer NOT NULL DEFAULT 0,
    last_error      text,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    delivered_at    timestamptz
  );
  CREATE INDEX alert_webhook_deliveries_due_idx ON alert_webhook_deliveries (next_attempt_at)
    WHERE status = 'PENDING';
`;

/** Only what a rule may fire on is queued; an engine's rebuild of a day queues it again (the
 * notification's unique key keeps it once); events older than a day are history, not alerts. */
const FUNCTIONS = sql`
  CREATE FUNCTION alert_enqueue(k text, asset integer, at timestamptz, d text, ref text)
    RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF at < now() - interval '1 day' THEN RETURN; END IF;
    IF NOT EXISTS (SELECT 1 FROM alert_rules r WHERE r.enabled AND r.kind = k
                     AND (d IS NULL OR r.event_type IS NULL OR r.event_type = d)) THEN RETURN; END IF;
    INSERT INTO alert_queue (kind, asset_id, occurred_at, detail, reference)
      VALUES (k, asset, at, d, ref);
    PERFORM pg_notify('alert_queue', '');
  END $$;

  CREATE FUNCTION alert_event() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM alert_enqueue('event', NEW.asset_id, NEW."timestamp", NEW.event_type,
      NEW.event_type || '@' || to_char(NEW."timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS'));
    RETURN NULL;
  END $$;

  CREATE FUNCTION alert_monitoring() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM alert_enqueue('monitoring', NEW.asset_id, NEW.start_at, NULL, 'monitoring ' || NEW.id);
    RETURN NULL;
  END $$;

  CREATE FUNCTION alert_media_failed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.status = 'FAILED' AND OLD.status IS DISTINCT FROM 'FAILED' THEN
      PERFORM alert_enqueue('mediaFailed', r.asset_id, now(), NULL, 'media request ' || r.id)
         FROM media_requests r WHERE r.command_id = NEW.id;
    END IF;
    RETURN NULL;
  END $$;

  CREATE FUNCTION alert_recipient_event() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('fleet_events', json_build_object('kind', 'notification',
             'assetId', coalesce(n.asset_id, 0), 'organisationId', n.organisation_id,
             'userId', NEW.user_id)::text)
       FROM alert_notifications n WHERE n.id = NEW.notification_id;
    RETURN NULL;
  END $$;

  CREATE TRIGGER events_alert AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION alert_event();
  CREATE TRIGGER asset_monitorings_alert AFTER INSERT ON asset_monitorings
    FOR EACH ROW EXECUTE FUNCTION alert_monitoring();
  CREATE TRIGGER device_commands_alert AFTER UPDATE ON device_commands
    FOR EACH ROW EXECUTE FUNCTION alert_media_failed();
  CREATE TRIGGER alert_recipients_push AFTER INSERT ON alert_recipients
    FOR EACH ROW EXECUTE FUNCTION alert_recipient_event();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await TABLES.execute(db);
  await FUNCTIONS.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER alert_recipients_push ON alert_recipients;
    DROP TRIGGER device_commands_alert ON device_commands;
    DROP TRIGGER asset_monitorings_alert ON asset_monitorings;
    DROP TRIGGER events_alert ON events;
    DROP FUNCTION alert_recipient_event();
    DROP FUNCTION alert_media_failed();
    DROP FUNCTION alert_monitoring();
    DROP FUNCTION alert_event();
    DROP FUNCTION alert_enqueue(text, integer, timestamptz, text, text);
    DROP TABLE alert_webhook_deliveries, alert_mail_outbox, alert_recipients,
      alert_notifications, alert_queue, alert_rules;
  `.execute(db);
}
