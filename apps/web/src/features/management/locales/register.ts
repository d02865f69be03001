import { i18n } from '@/lib/i18n';
import { managementEn } from './en';
import { managementNl } from './nl';

// Added when a management chunk loads, under the key 'management' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { management: managementEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { management: managementNl }, true, false);
