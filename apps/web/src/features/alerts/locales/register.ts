import { i18n } from '@/lib/i18n';
import { alertsEn } from './en';
import { alertsNl } from './nl';

// Added with the bell (the signed-in shell), under the key 'alerts'.
i18n.addResourceBundle('en', 'translation', { alerts: alertsEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { alerts: alertsNl }, true, false);
