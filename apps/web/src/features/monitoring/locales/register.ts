import { i18n } from '@/lib/i18n';
import { monitoringEn } from './en';
import { monitoringNl } from './nl';

// Added when this chunk loads, under the key 'monitoring' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { monitoring: monitoringEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { monitoring: monitoringNl }, true, false);
