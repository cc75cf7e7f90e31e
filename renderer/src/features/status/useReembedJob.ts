import { useCallback, useEffect, useState } from 'react';
import type { EventPayload } from '../../../../shared/contract';
import { messageOf, useApi } from '../../api/context';

export type JobInfo = EventPayload<'job.progress'>;

/**
 * The re-embed job of this session as it runs: picks up a job already running when the screen opens,
 * follows its progress events, and starts or cancels one. `onFinished` runs once when a job ends; `onProgress`, when
 * given, after each progress event (to refresh counts shown beside the bar).
 */
export function useReembedJob(onFinished: () => void, onProgress?: () => void) {
  const api = useApi();
  const [job, setJob] = useState<JobInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const unsubscribe = api.on('job.progress', (info) => {
      if (info.kind !== 'reembed') return;
      setJob((previous) => (previous && previous.job !== info.job && previous.state === 'running' ? previous : info));
      if (info.state !== 'running') onFinished();
      else onProgress?.();
    });
    api.call('jobs.list', {}).then(
      (jobs) => {
        const running = jobs.find((info) => info.kind === 'reembed' && info.state === 'running');
        if (current && running) setJob(running);
      },
      () => undefined,
    );
    return () => {
      current = false;
      unsubscribe();
    };
  }, [api, onFinished, onProgress]);

  const start = useCallback(async () => {
    setError(null);
    try {
      const started = await api.call('jobs.start', { kind: 'reembed' });
      // Progress events may have overtaken this answer (a short job can even be over): keep the newer news.
      setJob((previous) => (previous?.job === started.job ? previous : started));
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, [api]);

  const cancel = useCallback(async () => {
    if (!job) return;
    try {
      await api.call('jobs.cancel', { job: job.job });
    } catch (caught) {
      setError(messageOf(caught));
    }
  }, [api, job]);

  return { job, error, start, cancel };
}
