import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';
import { nl } from '../locales/nl';

export const LANGUAGES = ['en', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'language';

const isLanguage = (value: string | null | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** The user's earlier choice, else the first browser language we support, else English. */
function detectLanguage(): Language {
  const chosen = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(chosen)) return chosen;
  return navigator.languages.map((tag) => tag.slice(0, 2)).find(isLanguage) ?? 'en';
}

const resources = { en: { translation: en }, nl: { translation: nl } } as const;

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes already
});

export function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  void i18n.changeLanguage(language);
}

export { i18n };
