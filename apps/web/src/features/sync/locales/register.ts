import { i18n } from '@/lib/i18n';
import { syncEn } from './en';
import { syncNl } from './nl';

// Added when a synchronisation chunk loads, under the key 'sync' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { sync: syncEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { sync: syncNl }, true, false);
