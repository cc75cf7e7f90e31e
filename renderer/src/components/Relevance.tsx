import { useTranslation } from 'react-i18next';
import type { SearchHit } from '../../../shared/contract';

/** How well a hit answers the query (calibrated per corpus and embedder): strong, weak or not relevant. */
export function Relevance({ relevance }: { relevance: SearchHit['relevance'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-relevance-${relevance}`} title={t(`relevance.${relevance}Help`)} data-relevance={relevance}>
      {t(`relevance.${relevance}`)}
    </span>
  );
}
