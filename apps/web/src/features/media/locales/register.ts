import { i18n } from '@/lib/i18n';
import { mediaEn } from './en';
import { mediaNl } from './nl';

// Added when this chunk loads, under the key 'media' of the one translation namespace.
i18n.addResourceBundle('en', 'translation', { media: mediaEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { media: mediaNl }, true, false);
