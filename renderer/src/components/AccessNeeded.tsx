import type { i18n } from 'i18next';
import type { Language } from '../i18n';

/**
 * What a browser shows at cita's address without the access link: how to open the app, in the reader's language
 * and then the other one (no settings can be read without a token, so both are shown).
 */
export function AccessNeeded({ i18n, language, origin }: { i18n: i18n; language: Language; origin: string }) {
  const languages: Language[] = language === 'es' ? ['es', 'en'] : ['en', 'es'];
  return (
    <main className="access-page">
      <p className="brand">cita</p>
      {languages.map((lng, index) => {
        const t = i18n.getFixedT(lng);
        const Heading = index === 0 ? 'h1' : 'h2';
        return (
          <section key={lng} lang={lng} className="panel access-section" aria-labelledby={`access-${lng}`}>
            <Heading id={`access-${lng}`}>{t('access.title')}</Heading>
            <p>{t('access.why')}</p>
            <ol>
              <li>{t('access.fromTerminal')}</li>
              <li>{t('access.restart')}</li>
              <li>{t('access.token', { origin })}</li>
            </ol>
          </section>
        );
      })}
    </main>
  );
}
