import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type SaveResult = { ok: true } | { ok: false; message: string };

/**
 * One group of settings with its own Save button and its own answer ("Saved." or why not), so a mistake in
 * one group never blocks or hides another.
 */
export function SettingsSection({ title, description, onSave, children }: { title: string; description?: string; onSave: () => Promise<SaveResult>; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const [answer, setAnswer] = useState<SaveResult | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAnswer(await onSave());
    setBusy(false);
  }
  return (
    <form className="panel settings-section" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`}>{title}</h2>
      {description && <p className="hint">{description}</p>}
      <div className="form-grid">{children}</div>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('settings.save')}
        </button>
        {answer && (
          <span className={answer.ok ? 'notice-ok' : 'notice-error'} role={answer.ok ? 'status' : 'alert'}>
            {answer.ok ? t('settings.saved') : answer.message}
          </span>
        )}
      </div>
    </form>
  );
}
