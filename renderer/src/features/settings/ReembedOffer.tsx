import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Status } from '../../../../shared/contract';
import { ProgressBar } from '../../components/ProgressBar';
import { ErrorState } from '../../components/states';
import { useThrottled } from '../../components/useThrottled';
import { asLanguage, formatNumber } from '../../i18n/format';
import { useReembedJob, type JobInfo } from '../status/useReembedJob';
import { secondsLeft } from './settings-draft';

/**
 * Right under the search model: how many texts lack a vector from the model in use, and a button to compute them
 * with its progress and time left. After a switch of model it says why semantic search is waiting.
 */
export function ReembedOffer({ status, changed, onCounts }: { status: Status; changed: boolean; onCounts: () => void }) {
  const { t } = useTranslation();
  const live = useThrottled(onCounts, 2000);
  const reembed = useReembedJob(onCounts, live);
  const pending = status.corpora.reduce((sum, corpus) => sum + corpus.stale + corpus.missing, 0);
  const running = reembed.job?.state === 'running';
  if (status.embedder.mode === 'keyword-only' || (pending === 0 && !reembed.job)) return null;
  return (
    <section className="panel settings-section reembed-offer" aria-labelledby="reembed-offer-title">
      <h2 id="reembed-offer-title">{t('settings.reembed.title')}</h2>
      {pending > 0 ? (
        <p>{t(changed ? 'settings.reembed.afterChange' : 'settings.reembed.pending', { count: pending })}</p>
      ) : (
        <p>{t('status.upToDate')}</p>
      )}
      <div className="actions">
        <button type="button" onClick={() => void reembed.start()} disabled={running || pending === 0}>
          {t('status.reembed')}
        </button>
        {running && (
          <button type="button" className="secondary" onClick={() => void reembed.cancel()}>
            {t('status.cancel')}
          </button>
        )}
      </div>
      {reembed.job && <ReembedProgress job={reembed.job} />}
      {reembed.error && <ErrorState message={reembed.error} />}
    </section>
  );
}

/** The job's bar, and while it runs the time left at the pace seen so far. */
function ReembedProgress({ job }: { job: JobInfo }) {
  const { t, i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  const start = useRef<{ job: string; at: number; done: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  if (start.current?.job !== job.job) start.current = { job: job.job, at: Date.now(), done: job.done };
  useEffect(() => setNow(Date.now()), [job.done]);
  const left = job.state === 'running' && start.current ? secondsLeft(start.current, { at: now, done: job.done }, job.total) : null;
  const eta = left === null ? '' : left < 90 ? t('settings.reembed.secondsLeft', { count: left }) : t('settings.reembed.minutesLeft', { count: Math.ceil(left / 60) });
  const text =
    job.state === 'running'
      ? `${t('status.progress', { done: formatNumber(job.done, language), total: formatNumber(job.total, language) })}${eta ? ` ${eta}` : ''}`
      : t(`status.job.${job.state}`, { message: job.message });
  const total = job.state === 'done' ? Math.max(job.total, 1) : job.total;
  return (
    <div className={`job job-${job.state}`} data-state={job.state}>
      <ProgressBar label={t('status.progressLabel')} done={job.state === 'done' ? total : job.done} total={total} text={text} />
    </div>
  );
}
