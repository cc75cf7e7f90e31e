import { useTranslation } from 'react-i18next';
import type { useReembedJob } from './useReembedJob';

/** Re-embed and, while it runs, Cancel: the same two buttons on Index status and in Settings. */
export function ReembedActions({ reembed, unavailable }: { reembed: ReturnType<typeof useReembedJob>; unavailable: boolean }) {
  const { t } = useTranslation();
  const running = reembed.job?.state === 'running';
  return (
    <div className="actions">
      <button type="button" onClick={() => void reembed.start()} disabled={running || unavailable}>
        {t('status.reembed')}
      </button>
      {running && (
        <button type="button" className="secondary" onClick={() => void reembed.cancel()}>
          {t('status.cancel')}
        </button>
      )}
    </div>
  );
}
