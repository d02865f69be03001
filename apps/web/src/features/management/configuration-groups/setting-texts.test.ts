import { checkSettingValue } from '@fleet/contract';
import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
// The server's definitions are the settings there are; the web keeps their texts in its locales.
import { DEFINITIONS } from '../../../../../server/src/modules/configurations/definitions';
import { managementEn } from '../locales/en';
import { managementNl } from '../locales/nl';
import { settingTextsEn } from '../locales/settings/en';
import { settingLabel, settingProblem, settingTextKey, settingTexts } from './setting-label';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.init({
    resources: {
      en: { translation: { management: managementEn } },
      nl: { translation: { management: managementNl } },
    },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});
type Definition = { parameter: string; description: string };
const inEnglish = (d: Definition) => settingTexts(i18n.getFixedT('en'), d);
const inDutch = (d: Definition) => settingTexts(i18n.getFixedT('nl'), d);

describe('the texts of the device settings (issue 19 §9)', () => {
  it('cover all 96 settings of the server, and no others', () => {
    expect(DEFINITIONS).toHaveLength(96);
    const keys = DEFINITIONS.map((d) => settingTextKey(d.parameter)?.key);
    expect(keys.filter((key) => key === undefined)).toEqual([]);
    expect(new Set(keys)).toEqual(new Set(Object.keys(settingTextsEn)));
  });

  it.each(DEFINITIONS.map((d) => [d.parameter, d] as const))(
    '%s: English as the server says it, Dutch of its own',
    (_, definition) => {
      const english = inEnglish(definition);
      expect(english.label).toBe(settingLabel(definition.parameter));
      expect(english.description).toBe(definition.description);
      const dutch = inDutch(definition);
      expect(dutch.label).not.toBe(english.label);
      expect(dutch.description).not.toBe(english.description);
      expect(`${dutch.label} ${dutch.description}`).not.toMatch(/\{\{|\}\}|management\./);
    },
  );

  it('names each setting differently in Dutch, the camera channels by number', () => {
    const labels = DEFINITIONS.map((d) => inDutch(d).label);
    expect(new Set(labels).size).toBe(96);
    expect(inDutch({ parameter: 'cam3Resolution', description: '' }).label).toBe(
      'Resolutie camera 3',
    );
  });

  it('keeps the name and the server’s description of a setting it does not know', () => {
    expect(inDutch({ parameter: 'brandNewSetting', description: 'New.' })).toEqual({
      label: 'Brand new setting',
      description: 'New.',
    });
  });

  it.each(DEFINITIONS.map((d) => [d.parameter, d] as const))(
    '%s: a refused value says why as the server does, and in Dutch',
    (_, definition) => {
      expect(settingProblem(i18n.getFixedT('en'), definition, definition.defaultValue)).toBe(
        undefined,
      );
      const check = checkSettingValue(definition, 'abc');
      expect(check.ok).toBe(false);
      const english = settingProblem(i18n.getFixedT('en'), definition, 'abc');
      expect(english).toBe(!check.ok && check.rule);
      const dutch = settingProblem(i18n.getFixedT('nl'), definition, 'abc');
      expect(dutch).not.toBe(english);
      expect(dutch).toMatch(/^moet .*[^}]$/);
    },
  );
});
