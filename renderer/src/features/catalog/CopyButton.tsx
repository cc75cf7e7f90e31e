import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies a physical name for a query or a ticket; says when it did, or how to copy when the browser refuses. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <>
      <button type="button" className="secondary small copy-button" aria-label={t('catalog.copyName', { name: text })} onClick={() => void copy()}>
        {t('catalog.copy')}
      </button>
      {state !== 'idle' && (
        <>
          {' '}
          <span className={state === 'copied' ? 'notice-ok small-text' : 'notice-error small-text'} role="status">
            {t(state === 'copied' ? 'catalog.copied' : 'catalog.copyFailed')}
          </span>
        </>
      )}
    </>
  );
}
