import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { es } from './es';

export type Language = 'en' | 'es';

/** The system language when it is Spanish, else English. */
export function systemLanguage(languages: readonly string[]): Language {
  return languages.some((language) => language.toLowerCase().startsWith('es')) && !languages[0]?.toLowerCase().startsWith('en') ? 'es' : 'en';
}

/** One i18next instance per app, created at start-up. */
export async function createI18n(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
