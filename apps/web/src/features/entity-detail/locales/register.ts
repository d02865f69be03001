import { i18n } from '@/lib/i18n';
import { entityEn } from './en';
import { entityNl } from './nl';

// Added when this chunk loads, under the key 'entity' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { entity: entityEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { entity: entityNl }, true, false);
