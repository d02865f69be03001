import { i18n } from '@/lib/i18n';
import { zonesEn } from './en';
import { zonesNl } from './nl';

// Added by the zone screens' chunks, under the key 'zones'.
i18n.addResourceBundle('en', 'translation', { zones: zonesEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { zones: zonesNl }, true, false);
