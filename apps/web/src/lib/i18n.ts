import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en';

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

/**
 * English is the fallback and comes with the page; another language's texts load when chosen
 * (the sign-in page carries one language, not both: issue 19's page-weight limit).
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<typeof en>> = {
  nl: () => import('../locales/nl').then((module) => module.nl),
};
const loaded = new Set<Language>(['en']);

async function load(language: Language): Promise<void> {
  if (loaded.has(language) || language === 'en') return;
  // deep, not overwriting: a feature's own texts may have been added under it already.
  i18n.addResourceBundle(language, 'translation', await loaders[language](), true, false);
  loaded.add(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const detected = detectLanguage();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: detected,
  fallbackLng: 'en',
  interpolation: { escapeValue: false }, // React escapes already
});

/** Settles once the detected language's texts are there (English, should they fail to load). */
export const i18nReady: Promise<void> = load(detected).catch(() => {
  void i18n.changeLanguage('en');
});

export function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  void load(language).then(() => i18n.changeLanguage(language));
}

export { i18n };
