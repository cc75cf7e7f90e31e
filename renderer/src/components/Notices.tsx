import { useTranslation } from 'react-i18next';
import type { Notice } from '../../../shared/contract';

/** How a result was produced (degraded mode, a clamp, a cut), as cita said it. */
export function Notices({ notices }: { notices: readonly Notice[] }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-label={t('app.notices')}>
      {notices.map((notice) => (
        <li key={`${notice.code}:${notice.message}`} className="banner banner-info" data-code={notice.code}>
          {notice.message}
        </li>
      ))}
    </ul>
  );
}
