import type { ColumnType, Generated } from 'kysely';
import type { DeviceEvent, Role, ZoneShape } from '@fleet/contract';
import type { STAT_COLUMNS } from './stat-columns.js';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** Columns of a record the sync base mirrors or exports (migration 0010); null on local records. */
interface SyncedColumns {
  external_organisation_id: ColumnType<string | null, string | null | undefined, string | null>;
  external_id: ColumnType<string | null, string | null | undefined, string | null>;
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** xid8 as text; set by the database */
  change_stamp: ColumnType<string, never, never>;
}

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  created_at: CreatedAt;
}

export interface UserTable {
  id: Generated<number>;
  organisation_id: number;
  username: string;
  name: string;
  password_hash: string;
  role: Role;
  created_at: CreatedAt;
  /** A DRIVER user's own driver record (issue 20: My safety, own cases only). */
  driver_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A device identifier a user tried: under way, or refused as taken (within the hour). */
export interface IdentifierAttemptTable {
  id: Generated<string>;
  user_id: number;
  identifier: string;
  at: CreatedAt;
}

/** A user's media upload started in the last hour (migration 0015). */
export interface UploadReservationTable {
  id: Generated<string>;
  user_id: number;
  started_at: CreatedAt;
  received_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  bytes: ColumnType<string | null, number | null | undefined, number | null>;
}

/** Who made a Janus session through the /janus proxy (migration 0015). */
export interface JanusSessionTable {
  session: string;
  owner: string;
  seen_at: ColumnType<Date, Date | undefined, Date>;
}

/** The primary's WAL position after a user's last write (migration 0015). */
export interface UserWriteTable {
  user_id: number;
  lsn: string;
  written_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  /** sha-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** Tokens from one sign-in share a family; reuse of a spent token revokes the family. */
  family: string;
  expires_at: Date;
  used_at: Date | null;
  /** The pair this token was spent for, sealed with a key only its holder can derive (refresh grace). */
  successor_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account_key: string;
  address: string;
  at: CreatedAt;
}

export interface ConfigurationGroupTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface AssetTable extends SyncedColumns {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  licence_plate: string | null;
  configuration_group_id: number | null;
  created_at: CreatedAt;
}

export interface DriverTable extends SyncedColumns {
  id: Generated<number>;
  organisation_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: CreatedAt;
}

export interface DeviceTable extends SyncedColumns {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  identifier: string;
  credential_hash: string;
  last_seen_at: Date | null;
  created_at: CreatedAt;
}

export interface GroupTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface GroupAssetTable {
  group_id: number;
  asset_id: number;
}

export interface GroupDriverTable {
  group_id: number;
  driver_id: number;
}

/** [from, until); open while until is null. `period` is generated from them. */
export interface LinkColumns extends SyncedColumns {
  id: Generated<number>;
  asset_id: number;
  from: Date;
  until: Date | null;
  period: ColumnType<string, never, never>;
}
export type DeviceLinkTable = LinkColumns & { device_id: number };
export type DriverLinkTable = LinkColumns & { driver_id: number };

export interface DeviceConfigurationTable {
  id: Generated<number>;
  service: string;
  parameter: string;
  category: string;
  description: string;
  default_value: string;
}

export interface GroupConfigurationTable {
  configuration_group_id: number;
  device_configuration_id: number;
  value: string;
}

/** The additive driving-style columns shared by trips, trip_drivers and the rollups. */
export type StatColumns = {
  [K in (typeof STAT_COLUMNS)[number]]: ColumnType<number, number | undefined, number>;
};

export interface RawRecordTable {
  device_id: number;
  timestamp: Date;
  transfer_reason: string;
  asset_id: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  events: ColumnType<DeviceEvent[] | null, string | null, string | null>;
  metrics: ColumnType<Record<string, number>, string, string>;
  received_at: CreatedAt;
}

export interface DatapointTable {
  device_id: number;
  timestamp: Date;
  asset_id: number | null;
  latitude: number;
  longitude: number;
  speed: number | null;
  heading: number | null;
}

export interface EventTable {
  asset_id: number;
  timestamp: Date;
  event_type: string;
  driver_id: number | null;
  device_id: number;
  latitude: number | null;
  longitude: number | null;
}

export type TripTable = StatColumns & {
  id: Generated<number>;
  asset_id: number;
  device_id: number;
  start_time: Date;
  end_time: Date | null;
  start_latitude: number | null;
  start_longitude: number | null;
  end_latitude: number | null;
  end_longitude: number | null;
};

export type TripDriverTable = StatColumns & { trip_id: number; driver_id: number };
export type StatsHourlyTable = StatColumns & { asset_id: number; driver_id: number; hour: Date };
export type StatsDailyTable = StatColumns & {
  asset_id: number;
  driver_id: number;
  day: ColumnType<string, unknown, unknown>;
};

export interface AssetStateTable {
  asset_id: number;
  last_time: Date;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  last_trip_id: number | null;
}

export interface EngineQueueTable {
  asset_id: number;
  day: ColumnType<string, unknown, unknown>;
  queued_at: CreatedAt;
  /** the earliest record queued since the day was claimed; -infinity: rebuild it whole (migration 0028) */
  since: ColumnType<Date, Date | undefined, Date>;
}

/** An asset-day's fold after the last record the engine read (migration 0028, the incremental day). */
export interface EngineDayStateTable {
  asset_id: number;
  day: ColumnType<string, unknown, unknown>;
  lower: Date;
  pre_count: number;
  through: Date;
  fold: ColumnType<unknown, string, string>;
}

/** Reverse-geocoding answers, by provider and position rounded to about 100 m. */
export interface GeocodeCacheTable {
  provider: string;
  language: string;
  latitude: number;
  longitude: number;
  address: string | null;
  created_at: CreatedAt;
}

export interface OrganisationSettingsTable {
  organisation_id: number;
  media_retention_days: Generated<number>;
  control_room_identifier: string | null;
  alarm_webhook_url: string | null;
  alarm_webhook_secret: string | null;
  max_monitoring_minutes: Generated<number>;
  default_language: Generated<'en' | 'nl'>;
  raw_retention_days: Generated<number>;
}

export interface DeviceCommandTable {
  id: Generated<number>;
  device_id: number;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
  expires_at: Date;
  delivered_at: Date | null;
  acknowledged_at: Date | null;
  finished_at: Date | null;
  status: 'DONE' | 'FAILED' | null;
  reason: string | null;
}

export interface MediaRequestTable {
  id: Generated<number>;
  asset_id: number;
  driver_id: number | null;
  device_id: number;
  command_id: number;
  requested_by: number | null;
  media_type: 'PICTURE' | 'VIDEO';
  duration: number | null;
  camera_mask: number;
  requested_at: CreatedAt;
  media_timestamp: Date;
}

export interface MediaRequestCameraTable {
  media_request_id: number;
  camera: number;
  availability: Generated<string>;
  reason: string | null;
  media_id: number | null;
  updated_at: Generated<Date>;
}

export interface MediaTable {
  id: Generated<number>;
  asset_id: number;
  device_id: number | null;
  driver_id: number | null;
  timestamp: Date;
  camera: number;
  mime_type: 'image/jpeg' | 'video/mp4';
  file_name: string;
  /** bigint in PostgreSQL; files stay far below 2^53 bytes */
  size: number;
  duration: number | null;
  transfer_reason: string;
  storage_key: string;
  thumbnail_key: string;
  media_request_id: number | null;
  uploaded_by: number | null;
  /** The monitoring whose live room recorded it (migration 0007); null for other media. */
  monitoring_id: number | null;
  created_at: CreatedAt;
}

export interface MediaGarbageTable {
  storage_key: string;
  queued_at: CreatedAt;
}

export interface MediaDeletionTable {
  id: Generated<number>;
  organisation_id: number;
  media_id: number;
  asset_id: number | null;
  file_name: string;
  camera: number;
  media_timestamp: Date;
  reason: 'USER' | 'RETENTION';
  deleted_by: number | null;
  deleted_by_name: string | null;
  deleted_at: CreatedAt;
}

export interface SyncConfigurationTable {
  id: Generated<number>;
  organisation_id: number;
  server: string;
  api_key_encrypted: string | null;
  external_ids: ColumnType<string[], string[] | undefined, string[]>;
  selection: ColumnType<Record<string, boolean>, string, string>;
  interval_minutes: number;
  enabled: Generated<boolean>;
  next_run_at: Date | null;
  failures: Generated<number>;
  stamps: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface SyncResultTable {
  id: Generated<number>;
  configuration_id: number;
  organisation_id: number;
  trigger: 'SCHEDULED' | 'MANUAL' | 'RETRY';
  status: 'QUEUED' | 'RUNNING' | 'SUCCESS' | 'PARTIAL' | 'FAILED';
  queued_at: CreatedAt;
  started_at: Date | null;
  ended_at: Date | null;
  counts: ColumnType<Record<string, unknown>, string | undefined, string>;
  errors: ColumnType<unknown[], string | undefined, string>;
  error_count: Generated<number>;
  reason: string | null;
  progress: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  attempt: Generated<number>;
  next_retry_at: Date | null;
  incremental: Generated<boolean>;
  runner: string | null;
}

export interface SyncApiKeyTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  key_hash: string;
  prefix: string;
  created_by_name: string | null;
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** Issue 21 §2 (migration 0021-alerts): alert rules, their queue, notifications and deliveries. */
export interface AlertRuleTable {
  id: Generated<number>;
  organisation_id: number;
  name: string;
  kind: string;
  event_type: string | null;
  silent_minutes: number | null;
  zone_id: number | null;
  group_id: number | null;
  asset_id: number | null;
  active_days: Generated<number>;
  active_from: Generated<number>;
  active_until: Generated<number>;
  notify_portal: Generated<boolean>;
  email_to: ColumnType<{ address: string; language: 'en' | 'nl' }[], string | undefined, string>;
  webhook_url: string | null;
  webhook_secret: string | null;
  throttle_limit: Generated<number>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface AlertQueueTable {
  id: Generated<string>;
  kind: string;
  asset_id: number;
  occurred_at: Date;
  detail: string | null;
  zone_id: number | null;
  reference: string;
  queued_at: CreatedAt;
}

export interface AlertNotificationTable {
  id: Generated<string>;
  rule_id: number;
  organisation_id: number;
  asset_id: number | null;
  occurrence: string;
  kind: string;
  detail: string | null;
  occurred_at: Date;
  suppressed: Generated<boolean>;
  digest_count: number | null;
  created_at: CreatedAt;
}

export interface AlertRecipientTable {
  notification_id: string;
  user_id: number;
  read_at: Date | null;
}

export interface AlertMailOutboxTable {
  id: Generated<string>;
  organisation_id: number;
  notification_id: string | null;
  to_address: string;
  language: string;
  subject: string;
  body: string;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface AlertWebhookDeliveryTable {
  id: Generated<string>;
  notification_id: string;
  url: string;
  secret: string | null;
  body: string;
  status: Generated<'PENDING' | 'DELIVERED' | 'FAILED'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  delivered_at: Date | null;
}

export interface Database {
  organisations: OrganisationTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  identifier_attempts: IdentifierAttemptTable;
  login_failures: LoginFailureTable;
  configuration_groups: ConfigurationGroupTable;
  assets: AssetTable;
  drivers: DriverTable;
  devices: DeviceTable;
  groups: GroupTable;
  group_assets: GroupAssetTable;
  group_drivers: GroupDriverTable;
  device_links: DeviceLinkTable;
  driver_links: DriverLinkTable;
  device_configurations: DeviceConfigurationTable;
  group_configurations: GroupConfigurationTable;
  raw_records: RawRecordTable;
  datapoints: DatapointTable;
  events: EventTable;
  trips: TripTable;
  trip_drivers: TripDriverTable;
  stats_hourly: StatsHourlyTable;
  stats_daily: StatsDailyTable;
  asset_state: AssetStateTable;
  engine_queue: EngineQueueTable;
  engine_day_state: EngineDayStateTable;
  geocode_cache: GeocodeCacheTable;
  organisation_settings: OrganisationSettingsTable;
  device_commands: DeviceCommandTable;
  media_requests: MediaRequestTable;
  media_request_cameras: MediaRequestCameraTable;
  media: MediaTable;
  media_garbage: MediaGarbageTable;
  media_deletions: MediaDeletionTable;
  sync_configurations: SyncConfigurationTable;
  sync_results: SyncResultTable;
  sync_api_keys: SyncApiKeyTable;
  upload_reservations: UploadReservationTable;
  janus_sessions: JanusSessionTable;
  user_writes: UserWriteTable;
  safety_settings: SafetySettingsTable;
  safety_group_coaches: SafetyGroupCoachTable;
  safety_cases: SafetyCaseTable;
  safety_case_history: SafetyCaseHistoryTable;
  safety_case_comments: SafetyCaseCommentTable;
  media_views: MediaViewTable;
  alert_rules: AlertRuleTable;
  alert_queue: AlertQueueTable;
  alert_notifications: AlertNotificationTable;
  alert_recipients: AlertRecipientTable;
  alert_mail_outbox: AlertMailOutboxTable;
  alert_webhook_deliveries: AlertWebhookDeliveryTable;
  zones: ZoneTable;
  zone_versions: ZoneVersionTable;
  zone_visits: ZoneVisitTable;
  report_subscriptions: ReportSubscriptionTable;
  report_deliveries: ReportDeliveryTable;
}

// ── Zones (migration 0022) ──────────────────────────────────────────────────

export interface ZoneTable {
  id: Generated<number>;
  organisation_id: number;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}

export interface ZoneVersionTable {
  id: Generated<number>;
  zone_id: number;
  valid_from: Date;
  valid_until: Date | null;
  name: string;
  shape: ColumnType<ZoneShape, string, string>;
  speed_limit: number | null;
  group_id: number | null;
  colour: string;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

export interface ZoneVisitTable {
  asset_id: number;
  day: ColumnType<string, unknown, unknown>;
  zone_id: number;
  entered_at: Date;
  exited_at: Date | null;
  last_seen_at: Date;
  continued: boolean;
  continues: boolean;
  driver_id: number | null;
  max_speed: number;
  speeding_seconds: number;
}

// ── Safety review (migration 0018) ─────────────────────────────────────────

export interface SafetySettingsTable {
  organisation_id: number;
  case_event_types: ColumnType<string[], string[] | undefined, string[]>;
  due_days: Generated<number>;
  drivers_see_clips: Generated<boolean>;
  request_clips: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface SafetyGroupCoachTable {
  group_id: number;
  coach_user_id: number;
}

/** bigint ids (read as numbers, db/database.ts); dates are read as text (due_date::text). */
export interface SafetyCaseTable {
  id: Generated<number>;
  organisation_id: number;
  asset_id: number;
  event_time: Date;
  event_type: string;
  driver_id: number | null;
  device_id: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  status: Generated<string>;
  dismissal_reason: string | null;
  coach_user_id: number | null;
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  coached_at: Date | null;
  coaching_method: string | null;
  acknowledged_at: Date | null;
  clip_request_id: number | null;
  clip_checked_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SafetyCaseHistoryTable {
  id: Generated<number>;
  case_id: number;
  at: Generated<Date>;
  user_id: number | null;
  user_name: string | null;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  text: string | null;
  coach_user_id: number | null;
  due_date: ColumnType<string | null, string | null | undefined, string | null>;
  method: string | null;
  notes: string | null;
  undone_at: Date | null;
}

export interface SafetyCaseCommentTable {
  id: Generated<number>;
  case_id: number;
  at: Generated<Date>;
  user_id: number | null;
  user_name: string | null;
  text: string;
}

export interface MediaViewTable {
  id: Generated<number>;
  organisation_id: number;
  media_id: number;
  user_id: number | null;
  user_name: string | null;
  action: 'VIEW' | 'PLAY' | 'DOWNLOAD';
  case_id: number | null;
  at: Generated<Date>;
}

// ── Report subscriptions (migration 0023) ───────────────────────────────────

export interface ReportSubscriptionTable {
  id: Generated<number>;
  organisation_id: number;
  user_id: number;
  created_by: number | null;
  kind: 'DRIVING_STYLE' | 'SAFETY_EVENTS' | 'ZONE_VISITS';
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  group_id: number | null;
  email: string;
  language: 'en' | 'nl';
  created_at: CreatedAt;
}

export interface ReportDeliveryTable {
  id: Generated<number>;
  subscription_id: number;
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  created_at: CreatedAt;
  sent_at: Date | null;
}
