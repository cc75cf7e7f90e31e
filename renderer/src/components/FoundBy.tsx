import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../../shared/contract';

/** The keyword / semantic mark on a hit: how retrieval found it. */
export function FoundBy({ foundBy }: { foundBy: SearchHit['found_by'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-${foundBy}`} title={t(`foundBy.${foundBy}Help`)}>
      {t(`foundBy.${foundBy}`)}
    </span>
  );
}
