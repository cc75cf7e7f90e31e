import { useTranslation } from 'react-i18next';
import type { Status } from '../../../../shared/contract';
import { ErrorState } from '../../components/states';
import { useThrottled } from '../../components/useThrottled';
import { pendingVectors } from '../status/pending-vectors';
import { ReembedActions } from '../status/ReembedActions';
import { ReembedProgress } from '../status/ReembedProgress';
import { useReembedJob } from '../status/useReembedJob';

/**
 * Right under the search model: how many texts lack a vector from the model in use, and a button to compute them
 * with its progress and time left. After a switch of model it says why semantic search is waiting.
 */
export function ReembedOffer({ status, changed, onCounts }: { status: Status; changed: boolean; onCounts: () => void }) {
  const { t } = useTranslation();
  const live = useThrottled(onCounts, 2000);
  const reembed = useReembedJob(onCounts, live);
  const pending = pendingVectors(status);
  if (status.embedder.mode === 'keyword-only' || (pending === 0 && !reembed.job)) return null;
  return (
    <section className="panel settings-section reembed-offer" aria-labelledby="reembed-offer-title">
      <h2 id="reembed-offer-title">{t('settings.reembed.title')}</h2>
      {pending > 0 ? <p>{t(changed ? 'settings.reembed.afterChange' : 'settings.reembed.pending', { count: pending })}</p> : <p>{t('status.upToDate')}</p>}
      <ReembedActions reembed={reembed} unavailable={pending === 0} />
      {reembed.job && <ReembedProgress job={reembed.job} />}
      {reembed.error && <ErrorState message={reembed.error} />}
    </section>
  );
}
