import { useTranslation } from 'react-i18next';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      {label ?? t('app.loading')}
    </p>
  );
}

/**
 * An error a user can act on: a sentence in their language for the kind of problem (by error code), then
 * cita's own message, then a retry when one makes sense. Never a stack trace.
 */
export function ErrorState({ message, code, onRetry }: { message: string; code?: string | undefined; onRetry?: () => void }) {
  const { t } = useTranslation();
  const headline = code ? t(`errors.${code}`, { defaultValue: '' }) : '';
  return (
    <div className="state state-error" role="alert">
      {headline && <p className="state-headline">{headline}</p>}
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="secondary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ message }: { message: string }) {
  return <p className="state state-empty">{message}</p>;
}
