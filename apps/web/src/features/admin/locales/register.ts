import { i18n } from '@/lib/i18n';
import { adminEn } from './en';
import { adminNl } from './nl';

// Added when the admin chunk loads, under the key 'admin' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { admin: adminEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { admin: adminNl }, true, false);
