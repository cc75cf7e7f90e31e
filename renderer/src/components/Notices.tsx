import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { quotedTranslationLimit, type Notice, type QueryTranslation } from '../../../shared/contract';
import { asLanguage } from '../i18n/format';
import { noticeText } from '../i18n/notices';

/**
 * How a result was produced (degraded mode, a clamp, a cut), in the screen's language: a translated query's notice
 * from its parts, any other from its code and params (cita's message is English; it stays the tooltip, with its detail).
 */
export function Notices({ notices }: { notices: readonly Notice[] }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('app.notices')}>
      {notices.map((notice) => {
        const text = notice.translation ? translationMessage(notice.translation, t) : noticeText(notice, language);
        return (
          <li key={`${notice.code}:${notice.message}`} className="banner banner-info" data-code={notice.code} title={text === notice.message ? undefined : notice.message}>
            {text}
          </li>
        );
      })}
    </ul>
  );
}

function translationMessage(translation: QueryTranslation, t: TFunction): string {
  const pairs = translation.pairs.map((pair) => `${pair.from} → ${pair.to}`).join(', ');
  // A long question is not quoted back whole: only what was translated.
  if (translation.searched_as.length > quotedTranslationLimit) return t(`app.translatedLong.${translation.corpus}`, { pairs });
  return t(`app.translated.${translation.corpus}`, { query: translation.searched_as, pairs });
}
