import { i18n } from '@/lib/i18n';
import { reportSubscriptionsEn } from './en';
import { reportSubscriptionsNl } from './nl';

// Added with the screen, under the key 'reportSubscriptions'.
i18n.addResourceBundle(
  'en',
  'translation',
  { reportSubscriptions: reportSubscriptionsEn },
  true,
  false,
);
i18n.addResourceBundle(
  'nl',
  'translation',
  { reportSubscriptions: reportSubscriptionsNl },
  true,
  false,
);
