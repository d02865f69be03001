import { i18n } from '@/lib/i18n';
import { mapEn } from './en';
import { mapNl } from './nl';

// Added when the map chunk loads, under the key 'map' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { map: mapEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { map: mapNl }, true, false);
