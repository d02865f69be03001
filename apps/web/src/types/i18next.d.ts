import 'i18next';
import type { en } from '../locales/en';

// Typed translation keys: t('nav.assets') is checked against the English resource.
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}
