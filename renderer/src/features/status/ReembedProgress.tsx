import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar';
import { asLanguage, formatNumber } from '../../i18n/format';
import { secondsLeft } from './eta';
import type { JobInfo } from './useReembedJob';

/** The job's bar, and while it runs the time left at the pace seen so far. */
export function ReembedProgress({ job }: { job: JobInfo }) {
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
