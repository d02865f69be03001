import { Type, type Static } from 'typebox';
import { maskError, parseMask } from './masks.js';
import { Id } from './organisations.js';

/**
 * Device settings of configuration groups (spec §2 "Configuration group
 * settings page", §3 "Setting identity", §7). A setting is identified by
 * service and parameter; a configuration group holds a value for some of
 * them, and the default applies to the rest. Values are always text.
 */

export const SETTING_SERVICES = [
  'drivingstyleui',
  'drivingstyle',
  'drivingstyle2',
  'fms',
  'camera',
] as const;
export type SettingService = (typeof SETTING_SERVICES)[number];

/** The tabs of the settings page, in their order. */
export const SETTING_CATEGORIES = [
  'Weights',
  'Factors',
  'Configurations',
  'Thresholds',
  'Trips',
  'Periodical',
  'Incidents',
  'Camera',
  'Media',
  'Alarm',
  'Live Feed',
  'Levels',
] as const;
export const SettingCategory = Type.Enum(SETTING_CATEGORIES);
export type SettingCategory = Static<typeof SettingCategory>;

export const SETTING_TYPES = [
  'integer',
  'decimal',
  'boolean',
  'cameraMask',
  'alarmMask',
  'eventMask',
  'enum',
] as const;
export const SettingType = Type.Enum(SETTING_TYPES);
export type SettingType = Static<typeof SettingType>;

/** A setting's definition: what the settings page needs to draw and check its input. */
export const DeviceConfiguration = Type.Object({
  id: Type.Integer(),
  service: Type.String(),
  parameter: Type.String(),
  category: SettingCategory,
  description: Type.String(),
  defaultValue: Type.String(),
  type: SettingType,
  /** integer and decimal: the smallest value allowed */
  min: Type.Optional(Type.Number()),
  /** integer and decimal: the largest value allowed */
  max: Type.Optional(Type.Number()),
  /** enum: the values allowed */
  options: Type.Optional(Type.Array(Type.String())),
});
export type DeviceConfiguration = Static<typeof DeviceConfiguration>;
export const DeviceConfigurationList = Type.Array(DeviceConfiguration);

/** One setting of a configuration group; deviceConfiguration only with ?definitions=true. */
export const GroupConfiguration = Type.Object({
  deviceConfigurationId: Type.Integer(),
  value: Type.String(),
  deviceConfiguration: Type.Optional(DeviceConfiguration),
});
export type GroupConfiguration = Static<typeof GroupConfiguration>;
export const GroupConfigurationList = Type.Array(GroupConfiguration);
export type GroupConfigurationList = Static<typeof GroupConfigurationList>;

/**
 * GET (and POST) configurationgroups/{id}/deviceconfigurations:
 * defaults=true lists every setting (the group's value, otherwise the default),
 * otherwise only the values the group holds; definitions=true adds each definition.
 */
export const GroupConfigurationsQuery = Type.Object(
  {
    defaults: Type.Optional(Type.Boolean()),
    definitions: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type GroupConfigurationsQuery = Static<typeof GroupConfigurationsQuery>;

export const SETTING_VALUE_MAX_LENGTH = 100;

export const GroupConfigurationUpdate = Type.Object(
  {
    deviceConfigurationId: Id,
    value: Type.String({ maxLength: SETTING_VALUE_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type GroupConfigurationUpdate = Static<typeof GroupConfigurationUpdate>;

/** POST configurationgroups/{id}/deviceconfigurations: all written, or none. */
export const UpdateGroupConfigurationsBody = Type.Array(GroupConfigurationUpdate, {
  maxItems: 1000,
});
export type UpdateGroupConfigurationsBody = Static<typeof UpdateGroupConfigurationsBody>;

/** What a value is checked against: a definition's type and bounds. */
export interface SettingRule {
  type: SettingType;
  min?: number;
  max?: number;
  options?: readonly string[];
}

export type SettingCheck = { ok: true; value: string } | { ok: false; rule: string };

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

const bounds = (rule: SettingRule) =>
  rule.min !== undefined && rule.max !== undefined
    ? ` from ${rule.min} to ${rule.max}`
    : rule.min !== undefined
      ? ` of at least ${rule.min}`
      : rule.max !== undefined
        ? ` of at most ${rule.max}`
        : '';

const within = (rule: SettingRule, n: number) =>
  (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);

/**
 * Checks a value against its rule. A good value comes back in its canonical
 * text ('007' → '7', ' 1.50 ' → '1.5', 'TRUE' stays refused); a bad one comes
 * back with the rule it breaks, worded to follow the setting's name.
 * The server refuses with it; the settings page shows it beside the input.
 */
export function checkSettingValue(rule: SettingRule, value: string): SettingCheck {
  const text = value.trim();
  switch (rule.type) {
    case 'integer': {
      const n = Number(text);
      return INTEGER.test(text) && Number.isSafeInteger(n) && within(rule, n)
        ? { ok: true, value: String(n) }
        : { ok: false, rule: `must be a whole number${bounds(rule)}` };
    }
    case 'decimal': {
      const n = Number(text);
      return DECIMAL.test(text) && Number.isFinite(n) && within(rule, n)
        ? { ok: true, value: String(n) }
        : { ok: false, rule: `must be a number${bounds(rule)}` };
    }
    case 'boolean':
      return text === 'true' || text === 'false'
        ? { ok: true, value: text }
        : { ok: false, rule: 'must be true or false' };
    case 'enum':
      return rule.options?.includes(text)
        ? { ok: true, value: text }
        : { ok: false, rule: `must be one of ${(rule.options ?? []).join(', ')}` };
    case 'cameraMask':
    case 'alarmMask':
    case 'eventMask': {
      const mask = parseMask(rule.type, text);
      return mask === undefined
        ? { ok: false, rule: maskError(rule.type, text)! }
        : { ok: true, value: mask.toString() };
    }
  }
}
