import { i18n } from '@/lib/i18n';
import { coachingEn } from './en';
import { coachingNl } from './nl';

// Added when My safety, the coaching report or the safety settings load, under 'coaching'.
i18n.addResourceBundle('en', 'translation', { coaching: coachingEn }, true, false);
i18n.addResourceBundle('nl', 'translation', { coaching: coachingNl }, true, false);
