import { i18n } from '@/lib/i18n';
import { dashboardsEn } from './en';
import { dashboardsNl } from './nl';

// Added when the first chunk that needs them loads, into the one translation namespace.
i18n.addResourceBundle('en', 'translation', dashboardsEn, true, false);
i18n.addResourceBundle('nl', 'translation', dashboardsNl, true, false);
