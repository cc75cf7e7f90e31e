import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Notice, QueryTranslation } from '../../../shared/contract';

/**
 * How a result was produced (degraded mode, a clamp, a cut), as cita said it; a translated query's notice in the
 * screen's language, from its parts (cita's message is English).
 */
export function Notices({ notices }: { notices: readonly Notice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('app.notices')}>
      {notices.map((notice) => (
        <li key={`${notice.code}:${notice.message}`} className="banner banner-info" data-code={notice.code}>
          {notice.translation ? translationMessage(notice.translation, t) : notice.message}
        </li>
      ))}
    </ul>
  );
}

function translationMessage(translation: QueryTranslation, t: TFunction): string {
  const pairs = translation.pairs.map((pair) => `${pair.from} → ${pair.to}`).join(', ');
  return t(`app.translated.${translation.corpus}`, { query: translation.searched_as, pairs });
}
