import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/settings';
import { messageOf, useApi, useOperation } from '../../api/context';
import { ErrorState, Loading } from '../../components/states';

/** Language and theme for now; retrieval settings join as their corpora land. */
export function SettingsScreen({ onChange }: { onChange: (settings: Settings) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const [settings, reload] = useOperation('settings.get', {});
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  if (settings.state === 'loading') return <Loading />;
  if (settings.state === 'error') return <ErrorState message={settings.message} onRetry={reload} />;
  const ui = settings.value.ui;

  async function update(patch: Partial<Settings['ui']>) {
    try {
      const next = await api.call('settings.update', { ui: patch });
      onChange(next);
      setNotice({ kind: 'ok', text: t('settings.saved') });
      reload();
    } catch (error) {
      setNotice({ kind: 'error', text: messageOf(error) });
    }
  }

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <div className="form-grid">
        <label htmlFor="setting-language">{t('settings.language')}</label>
        <select id="setting-language" value={ui.language} onChange={(event) => void update({ language: event.target.value as Settings['ui']['language'] })}>
          <option value="system">{t('settings.system')}</option>
          <option value="en">English</option>
          <option value="es">Español</option>
        </select>
        <label htmlFor="setting-theme">{t('settings.theme')}</label>
        <select id="setting-theme" value={ui.theme} onChange={(event) => void update({ theme: event.target.value as Settings['ui']['theme'] })}>
          <option value="system">{t('settings.system')}</option>
          <option value="light">{t('settings.light')}</option>
          <option value="dark">{t('settings.dark')}</option>
        </select>
      </div>
      {notice && (
        <p className={notice.kind === 'ok' ? 'notice notice-ok' : 'notice notice-error'} role={notice.kind === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
    </section>
  );
}
