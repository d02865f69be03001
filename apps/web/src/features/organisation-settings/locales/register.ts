import { i18n } from '@/lib/i18n';
import { organisationSettingsEn } from './en';
import { organisationSettingsNl } from './nl';

// Added when the screen's chunk loads, under the key 'organisationSettings'.
i18n.addResourceBundle(
  'en',
  'translation',
  { organisationSettings: organisationSettingsEn },
  true,
  false,
);
i18n.addResourceBundle(
  'nl',
  'translation',
  { organisationSettings: organisationSettingsNl },
  true,
  false,
);
