import { checkSettingValue, maskMax, type SettingRule } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { settingTextsEn, type SettingTextKey } from '../locales/settings/en';

/** Words a parameter spells in lower case that people write otherwise. */
const SPELLING: Record<string, string> = {
  osd: 'OSD',
  io: 'IO',
  fps: 'FPS',
  rpm: 'RPM',
  can: 'CAN',
  wifi: 'WiFi',
  cam: 'Camera',
};

/** 'overSpeedThreshold' → 'Over speed threshold'; 'cam1Io' → 'Camera 1 IO'. */
export function settingLabel(parameter: string): string {
  const words = parameter
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word, i) => {
      const spelled = SPELLING[word.toLowerCase()];
      if (spelled) return spelled;
      if (/^[A-Z0-9]+$/.test(word) && word.length > 1) return word;
      return i ? word.toLowerCase() : word;
    });
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** cam1Resolution … cam4Resolution share the texts of camResolution, with the channel as {{n}}. */
const CAMERA_CHANNEL = /^cam(\d+)([A-Z]\w*)$/;

/** Where a setting's label and description sit in the locale bundles (locales/settings). */
export function settingTextKey(parameter: string): { key: SettingTextKey; n?: number } | undefined {
  const channel = CAMERA_CHANNEL.exec(parameter);
  const key = channel ? `cam${channel[2]}` : parameter;
  if (!Object.hasOwn(settingTextsEn, key)) return undefined;
  return { key: key as SettingTextKey, ...(channel && { n: Number(channel[1]) }) };
}

/**
 * A setting's label and description in the current language. A setting this web does not know
 * (a newer server) keeps its parameter's name and the server's English description.
 */
export function settingTexts(
  t: TFunction,
  definition: { parameter: string; description: string },
): { label: string; description: string } {
  const found = settingTextKey(definition.parameter);
  if (!found) {
    return { label: settingLabel(definition.parameter), description: definition.description };
  }
  const { key, n } = found;
  return {
    label: t(`management.settings.parameters.${key}.label`, { n }),
    description: t(`management.settings.parameters.${key}.description`, { n }),
  };
}

/**
 * Why a setting's value is refused, in the current language; undefined when it is good. The
 * check is the contract's, as on the server; a rule without both bounds keeps its English.
 */
export function settingProblem(t: TFunction, rule: SettingRule, value: string): string | undefined {
  const check = checkSettingValue(rule, value);
  if (check.ok) return undefined;
  switch (rule.type) {
    case 'integer':
    case 'decimal':
      return rule.min === undefined || rule.max === undefined
        ? check.rule
        : t(`management.settings.rules.${rule.type}`, { min: rule.min, max: rule.max });
    case 'boolean':
      return t('management.settings.rules.boolean');
    case 'enum':
      return t('management.settings.rules.enum', { options: (rule.options ?? []).join(', ') });
    case 'cameraMask':
    case 'alarmMask':
    case 'eventMask':
      return t(`management.settings.rules.${rule.type}`, { max: maskMax(rule.type).toString() });
  }
}
