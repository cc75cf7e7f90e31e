import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf, useApi, useOperation } from '../../api/context';
import { ErrorState, Loading } from '../../components/states';

type SecretName = 'gemini_api_key' | 'voyage_api_key';

/**
 * Cloud API keys: typed here, handed to main, stored in the OS keychain (Electron) or a 0600 file (browser mode).
 * The renderer never reads a key back; it only learns whether one is stored.
 */
export function ApiKeySettings({ onStored }: { onStored?: () => void }) {
  const { t } = useTranslation();
  const [status, reloadKeys] = useOperation('secrets.status', {}, { keepWhileReloading: true });
  // A stored or forgotten key may change the model in use (Automatic picks Voyage by its key): the caller re-reads status.
  const reload = () => {
    reloadKeys();
    onStored?.();
  };
  if (status.state === 'loading') return <Loading />;
  if (status.state === 'error') return <ErrorState message={status.message} onRetry={reload} />;
  return (
    <section className="panel settings-section" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t('settings.keys.title')}</h2>
      <p className="hint">{t('settings.keys.help')}</p>
      <p className="hint keys-where">
        {status.value.location.file === null
          ? t('settings.keys.whereEnvironment', { variables: status.value.location.variables.join(', ') })
          : t(status.value.location.encrypted ? 'settings.keys.whereFileEncrypted' : 'settings.keys.whereFile', {
              file: status.value.location.file,
              variables: status.value.location.variables.join(', '),
            })}
      </p>
      <KeyRow name="gemini_api_key" label="Gemini" stored={status.value.gemini_api_key} onChange={reload} />
      <KeyRow name="voyage_api_key" label="Voyage" stored={status.value.voyage_api_key} onChange={reload} />
    </section>
  );
}

function KeyRow({ name, label, stored, onChange }: { name: SecretName; label: string; stored: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const inputId = `api-key-${name}`;

  async function send(next: string | null) {
    try {
      await api.call('secrets.set', { name, value: next });
      setValue('');
      setAnswer({ ok: true, text: next === null ? t('settings.keys.forgotten') : t('settings.keys.stored') });
      onChange();
    } catch (error) {
      setAnswer({ ok: false, text: messageOf(error) });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim() === '') {
      setAnswer({ ok: false, text: t('settings.keys.empty') });
      return;
    }
    void send(value.trim());
  }

  return (
    <form className="form-grid key-row" onSubmit={submit} noValidate>
      <label htmlFor={inputId}>{t('settings.keys.label', { provider: label })}</label>
      <input
        id={inputId}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={stored ? t('settings.keys.storedPlaceholder') : ''}
      />
      <div className="actions form-wide">
        <span className="muted">{stored ? t('settings.keys.isStored') : t('settings.keys.notStored')}</span>
        <button type="submit">{t('settings.keys.save')}</button>
        {stored && (
          <button type="button" className="secondary" onClick={() => void send(null)}>
            {t('settings.keys.forget')}
          </button>
        )}
        {answer && (
          <span className={answer.ok ? 'notice-ok' : 'notice-error'} role={answer.ok ? 'status' : 'alert'}>
            {answer.text}
          </span>
        )}
      </div>
    </form>
  );
}
