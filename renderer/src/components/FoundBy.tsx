import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../../shared/contract';

/** The keyword / semantic mark on a hit: how retrieval found it ("near spelling" when only within a typo). */
export function FoundBy({ foundBy, near = false }: { foundBy: SearchHit['found_by']; near?: boolean }) {
  const { t } = useTranslation();
  const key = near && foundBy === 'keyword' ? 'near' : foundBy;
  return (
    <span className={`badge badge-${key}`} title={t(`foundBy.${key}Help`)}>
      {t(`foundBy.${key}`)}
    </span>
  );
}
