import { i18n } from '@/lib/i18n';
import { safetyReviewEn } from './en';
import { safetyReviewNl } from './nl';

// Added when a safety review chunk loads, under the key 'safety' (deep: the coaching screens'
// texts sit under the same key).
i18n.addResourceBundle('en', 'translation', { safety: safetyReviewEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { safety: safetyReviewNl }, true, false);
